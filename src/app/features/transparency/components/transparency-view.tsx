import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Card } from '#app/components/card.tsx';
import { LoadError } from '#app/components/load-error.tsx';
import { transparencySummaryQueryOptions } from '../api/transparency-queries.ts';
import { PaidWithdrawals } from './paid-withdrawals.tsx';
import { TransparencyFigures } from './transparency-figures.tsx';

/** The public proof that Earnest pays (docs/transparency.md). */
export function TransparencyView() {
  const { t } = useLingui();
  const summary = useQuery(transparencySummaryQueryOptions());
  return (
    <div className="transparency" data-testid="transparency">
      <p className="lead">
        <Trans>
          Check for yourself that Earnest pays. Every figure here is computed from Earnest's records and the
          XRP Ledger when you open this page; none is typed in by hand.
        </Trans>
      </p>
      {summary.data ? (
        <>
          <TransparencyFigures summary={summary.data} />
          <PaidWithdrawals explorerTxUrl={summary.data.explorer_tx_url} />
        </>
      ) : summary.isError ? (
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <Card className="skeleton" aria-busy="true" aria-label={t`Loading...`} />
      )}
    </div>
  );
}
