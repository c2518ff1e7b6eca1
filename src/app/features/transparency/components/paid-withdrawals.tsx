import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { PaidWithdrawal } from '#contract/transparency.ts';
import { MoreButton } from '#app/components/more-button.tsx';
import { Card } from '#app/components/card.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { TxLink } from '#app/components/tx-link.tsx';
import { LoadError } from '#app/components/load-error.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { paidWithdrawalsQueryOptions } from '../api/transparency-queries.ts';
import { formatDuration } from '../format-duration.ts';

/** Every paid withdrawal, newest first, each with its transaction on a public explorer. */
export function PaidWithdrawals({ explorerTxUrl }: { explorerTxUrl: string }) {
  const { t } = useLingui();
  const pages = useInfiniteQuery(paidWithdrawalsQueryOptions());
  const rows = pages.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Card className="paid-withdrawals" data-testid="paid-withdrawals">
      <h2>
        <Trans>Every paid withdrawal</Trans>
      </h2>
      {pages.isError ? <LoadError error={pages.error} onRetry={() => void pages.refetch()} /> : null}
      {pages.isPending ? <p className="skeleton" aria-busy="true" aria-label={t`Loading...`} /> : null}
      {pages.isSuccess && rows.length === 0 ? (
        <p className="muted" data-testid="paid-withdrawals-empty">
          <Trans>No withdrawal has been paid yet.</Trans>
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="paid-list">
          {rows.map((row) => (
            <PaidRow key={row.id} row={row} explorerTxUrl={explorerTxUrl} />
          ))}
        </ul>
      ) : null}
      <MoreButton pages={pages} block>
        <Trans>Show older payouts</Trans>
      </MoreButton>
    </Card>
  );
}

function PaidRow({ row, explorerTxUrl }: { row: PaidWithdrawal; explorerTxUrl: string }) {
  const name = <Isolate>{row.username}</Isolate>;
  const amount = <XrpAmount amount={row.amount} />;
  const took = formatDuration(row.took_seconds);
  const requested = <Isolate dir="auto">{formatDateTime(row.requested_time)}</Isolate>;
  return (
    <li className="paid-row" data-testid="paid-row">
      <p className="paid-row-main">
        <span>
          <Trans>
            {name} was paid {amount}
          </Trans>
        </span>
        <span className="muted">
          <Isolate dir="auto">{formatDateTime(row.validated_time)}</Isolate>
        </span>
      </p>
      <p className="muted">
        <Trans>
          Requested {requested}; paid {took} later.
        </Trans>
      </p>
      {row.tx_hash ? (
        <p>
          <TxLink
            explorerTxUrl={explorerTxUrl}
            hash={row.tx_hash}
            className="code break"
            testId="paid-row-hash"
          >
            <Isolate>{row.tx_hash}</Isolate>
          </TxLink>
        </p>
      ) : null}
    </li>
  );
}
