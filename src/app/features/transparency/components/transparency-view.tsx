import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Loaded } from '#app/components/load-error.tsx';
import { transparencySummaryQueryOptions } from '../api/transparency-queries.ts';
import { PaidWithdrawals } from './paid-withdrawals.tsx';
import { TransparencyFigures } from './transparency-figures.tsx';

/** The public proof that Earnest pays (docs/transparency.md). */
export function TransparencyView() {
  const summary = useQuery(transparencySummaryQueryOptions());
  return (
    <div className="transparency" data-testid="transparency">
      <p className="lead">
        <Trans>
          Check for yourself that Earnest pays. Every figure here is computed from Earnest's records and the
          XRP Ledger when you open this page; none is typed in by hand.
        </Trans>
      </p>
      <Loaded query={summary}>
        {(figures) => (
          <>
            <TransparencyFigures summary={figures} />
            <PaidWithdrawals explorerTxUrl={figures.explorer_tx_url} />
          </>
        )}
      </Loaded>
    </div>
  );
}
