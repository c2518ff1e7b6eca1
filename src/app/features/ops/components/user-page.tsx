import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { OpsUserDetail } from '#contract/ops-users.ts';
import { can } from '#domain/ops/operators.ts';
import { Button } from '#app/components/button.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { formatCount, formatDateTime } from '#app/lib/format.ts';
import { useOpsSession } from '../api/ops-session.ts';
import { useBanUser, userDetailQueryOptions } from '../api/users-queries.ts';
import { LEDGER_KIND_LABELS } from '../lib/ledger-kind-labels.ts';
import { WITHDRAWAL_STATUS_LABELS } from '../lib/withdrawal-labels.ts';
import { ActionError, ConsoleTable, Figure, LoadState, ReasonField } from './console.tsx';
import { useOpsTitle } from '../lib/use-ops-title.ts';

/** One user's records: the account, ban or unban, locks, withdrawals and ledger. */
export function UserPage() {
  const { t } = useLingui();
  const { userId } = useParams({ from: '/ops/users/$userId' });
  const id = Number(userId);
  const detail = useQuery({ ...userDetailQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const name = detail.data?.user.username ?? '';
  useOpsTitle(name ? t`User ${name}` : t`User`);
  return (
    <div className="ops-page">
      <p>
        <Link to="/ops/users">
          <Trans>← Users</Trans>
        </Link>
      </p>
      <h1>{name ? <Isolate>{name}</Isolate> : <Trans>User</Trans>}</h1>
      <LoadState query={detail} showLoading />
      {detail.data ? <UserRecords data={detail.data} /> : null}
    </div>
  );
}

function UserRecords({ data }: { data: OpsUserDetail }) {
  const { i18n } = useLingui();
  const { user } = data;
  const joined = formatDateTime(user.created_time);
  const tag = user.tag ?? '';
  return (
    <>
      <dl className="ops-figures">
        <Figure label={<Trans>Balance</Trans>} testId="user-balance">
          <XrpAmount amount={user.balance} />
          <small className="muted">
            <Trans>
              sum of ledger entries: <XrpAmount amount={data.ledger_sum} />
            </Trans>
          </small>
        </Figure>
        <Figure label={<Trans>Joined</Trans>}>{joined}</Figure>
        <Figure label={<Trans>E-mail</Trans>}>{user.email ?? '—'}</Figure>
        <Figure label={<Trans>Invite code</Trans>}>
          <span className="code">{user.invite_code}</span>
        </Figure>
        <Figure label={<Trans>Withdrawal address</Trans>}>
          {user.address ? (
            <>
              <Isolate className="code">{user.address}</Isolate>
              <small>
                <Trans>tag {tag}</Trans>
              </small>
            </>
          ) : (
            '—'
          )}
        </Figure>
        <Figure label={<Trans>Phone verified</Trans>}>
          {data.phone_verified ? <Trans>Yes</Trans> : <Trans>No</Trans>}
        </Figure>
        <Figure label={<Trans>Invited by</Trans>}>{data.invited_by ?? '—'}</Figure>
        <Figure label={<Trans>Invited</Trans>}>{formatCount(data.invitees)}</Figure>
        <Figure label={<Trans>Signed-in devices</Trans>}>{formatCount(data.active_sessions)}</Figure>
        <Figure label={<Trans>Tasks completed</Trans>}>{formatCount(data.tasks_completed)}</Figure>
      </dl>

      <BanPanel data={data} />

      <h2>
        <Trans>Bans and locks</Trans>
      </h2>
      <ConsoleTable
        rows={data.locks}
        empty={<Trans>This account has never been banned or locked.</Trans>}
        testId="locks"
        rowKey={(lock) => lock.id}
        columns={[
          { head: <Trans>Since</Trans>, cell: (lock) => formatDateTime(lock.created_time) },
          { head: <Trans>Reason</Trans>, className: 'ops-reason', cell: (lock) => lock.reason },
          {
            head: <Trans>Until</Trans>,
            cell: (lock) =>
              lock.until_time === null ? <Trans>until lifted</Trans> : formatDateTime(lock.until_time),
          },
          {
            head: <Trans>Lifted</Trans>,
            cell: (lock) => (lock.lifted_time === null ? '—' : formatDateTime(lock.lifted_time)),
          },
        ]}
      />

      <h2>
        <Trans>Withdrawals</Trans>
      </h2>
      <ConsoleTable
        rows={data.withdrawals}
        empty={<Trans>No withdrawal yet.</Trans>}
        rowKey={(row) => row.id}
        columns={[
          {
            head: '#',
            cell: (row) => (
              <Link to="/ops/withdrawals" search={{ state: 'all', user: String(row.user_id) }}>
                {row.id}
              </Link>
            ),
          },
          { head: <Trans>Requested</Trans>, cell: (row) => formatDateTime(row.created_time) },
          { head: <Trans>Amount</Trans>, num: true, cell: (row) => <XrpAmount amount={row.amount} /> },
          {
            head: <Trans>State</Trans>,
            cell: (row) => (
              <>
                {i18n._(WITHDRAWAL_STATUS_LABELS[row.status])}
                {row.failure_reason ? <small className="muted"> — {row.failure_reason}</small> : null}
              </>
            ),
          },
        ]}
      />

      <h2>
        <Trans>Ledger</Trans>
      </h2>
      <ConsoleTable
        rows={data.ledger}
        empty={<Trans>No ledger entry yet.</Trans>}
        testId="user-ledger"
        rowKey={(entry) => entry.id}
        columns={[
          { head: <Trans>When</Trans>, cell: (entry) => formatDateTime(entry.created_time) },
          {
            head: <Trans>Kind</Trans>,
            cell: (entry) => {
              const label = LEDGER_KIND_LABELS[entry.kind];
              return label ? i18n._(label) : entry.kind;
            },
          },
          { head: <Trans>For</Trans>, className: 'code', cell: (entry) => entry.reference },
          {
            head: <Trans>Amount</Trans>,
            num: true,
            cell: (entry) => {
              const negative = entry.amount.startsWith('-');
              return (
                <XrpAmount
                  amount={negative ? entry.amount.slice(1) : entry.amount}
                  sign={negative ? '−' : '+'}
                />
              );
            },
          },
        ]}
      />
    </>
  );
}

function BanPanel({ data }: { data: OpsUserDetail }) {
  const { t } = useLingui();
  const role = useOpsSession()?.operator.role ?? 'support';
  const ban = useBanUser();
  const [reason, setReason] = useState('');
  const standing = data.user.ban;
  if (!can(role, 'users.ban')) return null;
  const since = standing ? formatDateTime(standing.since_time) : '';
  const standingReason = standing?.reason ?? '';
  function submit(event: FormEvent) {
    event.preventDefault();
    ban.mutate({ ban: !standing, user_id: data.user.id, reason }, { onSuccess: () => setReason('') });
  }
  return (
    <form
      className="ops-action-panel"
      onSubmit={submit}
      aria-label={standing ? t`Lift the ban` : t`Ban this user`}
    >
      <h2>{standing ? <Trans>Banned</Trans> : <Trans>Ban this user</Trans>}</h2>
      {standing ? (
        <p data-testid="ban-standing">
          <Trans>
            Since {since}: “{standingReason}”. The user is shown this reason when they sign in.
          </Trans>
        </p>
      ) : (
        <p className="muted">
          <Trans>
            A ban ends every signed-in device, pairing code and push subscription of the account at once. The
            user is shown your reason when they sign in; their withdrawals are held, never refunded for it.
          </Trans>
        </p>
      )}
      <ReasonField
        label={
          standing ? (
            <Trans>Why the ban is lifted (kept in the audit log)</Trans>
          ) : (
            <Trans>Reason (the user is shown it)</Trans>
          )
        }
        value={reason}
        onValue={setReason}
        required={true}
      />
      {ban.isError ? <ActionError error={ban.error} /> : null}
      <Button type="submit" variant={standing ? 'secondary' : 'danger'} disabled={ban.isPending}>
        {standing ? <Trans>Lift the ban</Trans> : <Trans>Ban</Trans>}
      </Button>
    </form>
  );
}
