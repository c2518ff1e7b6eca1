import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { JOB_HOLDS, type WithdrawLog } from '#contract/withdraw.ts';
import { Card } from '#app/components/card.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { TxLink } from '#app/components/tx-link.tsx';
import { LEDGER_REFUSALS } from '../lib/failure-reasons.ts';
import { usePaidCelebration } from './use-paid-celebration.ts';
import { Section } from '#app/components/section.tsx';

/**
 * Withdrawal records of the last 7 days, with the ledger's proof once paid: its transaction, linked to
 * the explorer (`explorerTxUrl`, the settings' `explorer_tx_url`) as History links it.
 */
export function WithdrawLogs({
  logs,
  explorerTxUrl,
}: {
  logs: readonly WithdrawLog[];
  explorerTxUrl?: string | undefined;
}) {
  // A push about a withdrawal links to its record (#withdrawal-<id>): bring it into view once loaded.
  const target = useLocation({ select: (location) => location.hash });
  usePaidCelebration(logs);
  useEffect(() => {
    if (target.startsWith('withdrawal-'))
      document.getElementById(target)?.scrollIntoView({ block: 'center' });
  }, [logs, target]);
  return (
    <Section
      titleId="records-title"
      title={<Trans>Withdrawal records (last 7 days)</Trans>}
      testId="withdraw-logs"
    >
      {logs.length === 0 ? (
        <Card className="empty-state">
          <p>
            <Trans>No withdrawals in the last 7 days.</Trans>
          </p>
        </Card>
      ) : (
        <ul className="list">
          {logs.map((log) => (
            <li
              key={log.id}
              id={`withdrawal-${log.id}`}
              className={`list-row record${target === `withdrawal-${log.id}` ? ' record-target' : ''}`}
              data-testid="withdraw-record"
            >
              <LogRow log={log} explorerTxUrl={explorerTxUrl} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function LogRow({ log, explorerTxUrl }: { log: WithdrawLog; explorerTxUrl: string | undefined }) {
  const { i18n } = useLingui();
  const when = <Isolate dir="auto">{formatDateTime(log.create_time)}</Isolate>;
  const refusal =
    log.failure_reason && Object.hasOwn(LEDGER_REFUSALS, log.failure_reason)
      ? LEDGER_REFUSALS[log.failure_reason]
      : undefined;
  // A ledger refusal in words, its code kept beside it (what an exchange's support will ask for).
  const reason = refusal ? (
    <>
      {i18n._(refusal)} (<Isolate className="code">{log.failure_reason}</Isolate>)
    </>
  ) : (
    <Isolate dir="auto">{log.failure_reason}</Isolate>
  );
  // A record is listed while it was requested, paid or refunded in the last 7 days: one that took
  // longer than that shows both dates, so neither seems out of place under the list's title.
  const settled = log.settled_time ? <Isolate dir="auto">{formatDateTime(log.settled_time)}</Isolate> : null;
  const paid = log.status === 'success' ? settled : null;
  const refunded = log.status === 'failed' ? settled : null;
  return (
    <div>
      <p>
        <strong>
          <XrpAmount amount={log.amount} />
        </strong>{' '}
        · <Trans>Requested {when}</Trans>
      </p>
      <p className={`record-status record-${log.status}`}>
        <StatusText status={log.status} />
      </p>
      {paid ? (
        <p className="muted" data-testid="paid-time">
          <Trans>Paid {paid}</Trans>
        </p>
      ) : null}
      {refunded ? (
        <p className="muted" data-testid="refunded-time">
          <Trans>Refunded {refunded}</Trans>
        </p>
      ) : null}
      {log.status === 'success' && log.tx_hash ? (
        <p className="muted">
          <Trans>Transaction</Trans>{' '}
          <TxLink explorerTxUrl={explorerTxUrl} hash={log.tx_hash}>
            <Isolate className="code hash" testId="tx-hash">
              {log.tx_hash}
            </Isolate>
          </TxLink>
        </p>
      ) : null}
      {log.held_reason && (log.status === 'processing' || log.status === 'transferring') ? (
        <p className="muted" data-testid="held-reason">
          <HeldReason reason={log.held_reason} />
        </p>
      ) : null}
      {log.status === 'failed' && log.failure_reason ? (
        <p className="muted">
          <Trans>Reason: {reason}. The amount was returned to your balance.</Trans>
        </p>
      ) : null}
    </div>
  );
}

function StatusText({ status }: { status: WithdrawLog['status'] }) {
  switch (status) {
    case 'processing':
      return <Trans context="withdrawal status">Waiting period</Trans>;
    case 'transferring':
      return <Trans context="withdrawal status">Being paid</Trans>;
    case 'failed':
      return <Trans context="withdrawal status">Failed, refunded</Trans>;
    case 'success':
      return <Trans context="withdrawal status">Withdrawal Successful</Trans>;
  }
}

/** Why a payout waits, in the user's words; an operator's recorded reason is shown as it was written. */
function HeldReason({ reason }: { reason: string }) {
  const written = <Isolate dir="auto">{reason}</Isolate>;
  if (reason === JOB_HOLDS.walletRefill) {
    return (
      <Trans>
        Waiting for Earnest&apos;s payout wallet to be refilled: it is paid as soon as it is, and never
        refunded for this.
      </Trans>
    );
  }
  if (reason === JOB_HOLDS.tag || reason.startsWith(JOB_HOLDS.delivered)) {
    return (
      <Trans>
        Held for a check by Earnest&apos;s operator, who has been told. It is not refunded for this.
      </Trans>
    );
  }
  return (
    <>
      <Trans>Held: {written}</Trans>
    </>
  );
}
