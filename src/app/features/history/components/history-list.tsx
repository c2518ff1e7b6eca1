import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { HISTORY_KINDS, type HistoryEntry, type HistoryKind } from '#contract/history.ts';
import { Button } from '#app/components/button.tsx';
import { ChoiceSelect } from '#app/components/choice-select.tsx';
import { MoreButton } from '#app/components/more-button.tsx';
import { Card } from '#app/components/card.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { LoadError, NotReadYet } from '#app/components/load-error.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { downloadHistoryCsv, historyQueryOptions } from '../api/history-queries.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { TxLink } from '#app/components/tx-link.tsx';

const KIND_NAMES: Record<HistoryKind, MessageDescriptor> = {
  task: msg`Task`,
  interest: msg`Interest`,
  gift: msg`New-user gift`,
  phone_bonus: msg`Phone bonus`,
  withdrawal: msg`Withdrawal`,
  refund: msg`Refund`,
  adjustment: msg`Adjustment`,
};

/**
 * Every entry of the account's ledger, newest first, with a filter by kind, paging, and the same rows
 * as a CSV download. Amounts are signed as the ledger keeps them: credits +, withdrawals −.
 */
export function HistoryList({ explorerTxUrl }: { explorerTxUrl: string | undefined }) {
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<HistoryKind | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const history = useInfiniteQuery(historyQueryOptions(kind));
  const entries = history.data?.pages.flatMap((page) => page.list) ?? [];

  async function onDownload() {
    setDownloading(true);
    setDownloadFailed(false);
    setDownloadFailed(!(await downloadHistoryCsv()));
    setDownloading(false);
  }

  return (
    <>
      <div className="history-tools">
        <label className="field">
          <span>
            <Trans>Show</Trans>
          </span>
          <ChoiceSelect
            values={HISTORY_KINDS}
            labels={KIND_NAMES}
            value={kind}
            onChange={setKind}
            none={t`All entries`}
          />
        </label>
        <Button variant="secondary" onClick={() => void onDownload()} disabled={downloading}>
          <Trans>Download CSV</Trans>
        </Button>
      </div>
      {downloadFailed ? (
        <ErrorAlert>
          <Trans>The download needs a connection. Try again when you are back online.</Trans>
        </ErrorAlert>
      ) : null}
      {history.isError && entries.length === 0 ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending && history.fetchStatus === 'paused' ? (
        <NotReadYet onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <Card className="skeleton" aria-busy="true" aria-label={t`Loading...`} />
      ) : entries.length === 0 ? (
        <Card className="empty-state">
          <p>
            <Trans>Nothing here yet.</Trans>
          </p>
        </Card>
      ) : (
        <ul className="list" data-testid="history-list">
          {entries.map((entry) => (
            <HistoryRow
              key={entry.id}
              entry={entry}
              kindName={i18n._(KIND_NAMES[entry.kind])}
              explorerTxUrl={explorerTxUrl}
            />
          ))}
        </ul>
      )}
      <MoreButton pages={history} block>
        <Trans>Show older entries</Trans>
      </MoreButton>
    </>
  );
}

function HistoryRow({
  entry,
  kindName,
  explorerTxUrl,
}: {
  entry: HistoryEntry;
  kindName: string;
  explorerTxUrl: string | undefined;
}) {
  const negative = entry.amount.startsWith('-');
  const when = <Isolate dir="auto">{formatDateTime(entry.time)}</Isolate>;
  const taskId = entry.task_id;
  const withdrawalId = entry.withdrawal_id;
  const shortHash = entry.tx_hash?.slice(0, 8) ?? '';
  return (
    <li className="list-row record" data-kind={entry.kind}>
      <p className="record-head">
        <span>{kindName}</span>
        <XrpAmount
          amount={negative ? entry.amount.slice(1) : entry.amount}
          sign={negative ? '−' : '+'}
          className={negative ? 'amount-debit' : 'amount-credit'}
          testId="history-amount"
        />
      </p>
      <p className="muted">
        {when}
        {taskId !== null ? (
          <>
            {' · '}
            <Trans>Task #{taskId}</Trans>
          </>
        ) : null}
        {withdrawalId !== null ? (
          <>
            {' · '}
            <Trans>Withdrawal #{withdrawalId}</Trans>
          </>
        ) : null}
      </p>
      {entry.tx_hash ? (
        <p className="muted tx-hash">
          <TxLink
            explorerTxUrl={explorerTxUrl}
            hash={entry.tx_hash}
            fallback={<Isolate className="code">{entry.tx_hash}</Isolate>}
          >
            <Trans>Transaction {shortHash}… on the XRP Ledger</Trans>
          </TxLink>
        </p>
      ) : null}
    </li>
  );
}
