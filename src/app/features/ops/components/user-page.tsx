import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { OpsUserDetail } from '#contract/ops-users.ts';
import { can } from '#domain/ops/operators.ts';
import { Button } from '#app/components/button.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { formatCount, formatDateTime } from '#app/lib/format.ts';
import { useOpsSession } from '../api/ops-session.ts';
import { useBanUser, userDetailQueryOptions } from '../api/users-queries.ts';
import { LEDGER_KIND_LABELS } from '../lib/ledger-kind-labels.ts';
import { opsMessageOf } from '../lib/ops-error-messages.ts';
import { WITHDRAWAL_STATUS_LABELS } from '../lib/withdrawal-labels.ts';
import { OpsLoadError } from './ops-load-error.tsx';
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
      {detail.isError ? <OpsLoadError error={detail.error} onRetry={() => void detail.refetch()} /> : null}
      {detail.isPending ? (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
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
        <div className="ops-figure">
          <dt>
            <Trans>Balance</Trans>
          </dt>
          <dd data-testid="user-balance">
            <XrpAmount amount={user.balance} />
            <small className="muted">
              <Trans>
                sum of ledger entries: <XrpAmount amount={data.ledger_sum} />
              </Trans>
            </small>
          </dd>
        </div>
        <div className="ops-figure">
          <dt>
            <Trans>Joined</Trans>
          </dt>
          <dd>{joined}</dd>
        </div>
        <div className="ops-figure">
          <dt>
            <Trans>E-mail</Trans>
          </dt>
          <dd>{user.email ?? '—'}</dd>
        </div>
        <div className="ops-figure">
          <dt>
            <Trans>Invite code</Trans>
          </dt>
          <dd className="code">{user.invite_code}</dd>
        </div>
        <div className="ops-figure">
          <dt>
            <Trans>Withdrawal address</Trans>
          </dt>
          <dd>
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
          </dd>
        </div>
        <div className="ops-figure">
          <dt>
            <Trans>Phone verified</Trans>
          </dt>
          <dd>{data.phone_verified ? <Trans>Yes</Trans> : <Trans>No</Trans>}</dd>
        </div>
        <div className="ops-figure">
          <dt>
            <Trans>Invited by</Trans>
          </dt>
          <dd>{data.invited_by ?? '—'}</dd>
        </div>
        <div className="ops-figure">
          <dt>
            <Trans>Invited</Trans>
          </dt>
          <dd>{formatCount(data.invitees)}</dd>
        </div>
        <div className="ops-figure">
          <dt>
            <Trans>Signed-in devices</Trans>
          </dt>
          <dd>{formatCount(data.active_sessions)}</dd>
        </div>
        <div className="ops-figure">
          <dt>
            <Trans>Tasks completed</Trans>
          </dt>
          <dd>{formatCount(data.tasks_completed)}</dd>
        </div>
      </dl>

      <BanPanel data={data} />

      <h2>
        <Trans>Bans and locks</Trans>
      </h2>
      {data.locks.length === 0 ? (
        <p className="ops-empty">
          <Trans>This account has never been banned or locked.</Trans>
        </p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="locks">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Since</Trans>
                </th>
                <th scope="col">
                  <Trans>Reason</Trans>
                </th>
                <th scope="col">
                  <Trans>Until</Trans>
                </th>
                <th scope="col">
                  <Trans>Lifted</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.locks.map((lock) => (
                <tr key={lock.id}>
                  <td>{formatDateTime(lock.created_time)}</td>
                  <td className="ops-reason">{lock.reason}</td>
                  <td>
                    {lock.until_time === null ? <Trans>until lifted</Trans> : formatDateTime(lock.until_time)}
                  </td>
                  <td>{lock.lifted_time === null ? '—' : formatDateTime(lock.lifted_time)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>
        <Trans>Withdrawals</Trans>
      </h2>
      {data.withdrawals.length === 0 ? (
        <p className="ops-empty">
          <Trans>No withdrawal yet.</Trans>
        </p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">
                  <Trans>Requested</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.withdrawals.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to="/ops/withdrawals" search={{ state: 'all', user: String(row.user_id) }}>
                      {row.id}
                    </Link>
                  </td>
                  <td>{formatDateTime(row.created_time)}</td>
                  <td className="num">
                    <XrpAmount amount={row.amount} />
                  </td>
                  <td>
                    {i18n._(WITHDRAWAL_STATUS_LABELS[row.status])}
                    {row.failure_reason ? <small className="muted"> — {row.failure_reason}</small> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>
        <Trans>Ledger</Trans>
      </h2>
      {data.ledger.length === 0 ? (
        <p className="ops-empty">
          <Trans>No ledger entry yet.</Trans>
        </p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="user-ledger">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
                <th scope="col">
                  <Trans>Kind</Trans>
                </th>
                <th scope="col">
                  <Trans>For</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Amount</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.ledger.map((entry) => {
                const label = LEDGER_KIND_LABELS[entry.kind];
                const negative = entry.amount.startsWith('-');
                return (
                  <tr key={entry.id}>
                    <td>{formatDateTime(entry.created_time)}</td>
                    <td>{label ? i18n._(label) : entry.kind}</td>
                    <td className="code">{entry.reference}</td>
                    <td className="num">
                      <XrpAmount
                        amount={negative ? entry.amount.slice(1) : entry.amount}
                        sign={negative ? '−' : '+'}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function BanPanel({ data }: { data: OpsUserDetail }) {
  const { t, i18n } = useLingui();
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
      <label className="ops-field">
        <span>
          {standing ? (
            <Trans>Why the ban is lifted (kept in the audit log)</Trans>
          ) : (
            <Trans>Reason (the user is shown it)</Trans>
          )}
        </span>
        <textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          rows={2}
          required
        />
      </label>
      {ban.isError ? (
        <ErrorAlert>
          <p>{i18n._(opsMessageOf(ban.error))}</p>
        </ErrorAlert>
      ) : null}
      <Button type="submit" variant={standing ? 'secondary' : 'danger'} disabled={ban.isPending}>
        {standing ? <Trans>Lift the ban</Trans> : <Trans>Ban</Trans>}
      </Button>
    </form>
  );
}
