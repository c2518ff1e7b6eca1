import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button } from '#app/components/button.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { userSearchQueryOptions } from '../api/users-queries.ts';
import { OpsLoadError } from './ops-load-error.tsx';
import { useOpsTitle } from '../lib/use-ops-title.ts';

/** Finds users by name, e-mail, invite code, XRP address or id. */
export function UsersPage() {
  const { t } = useLingui();
  useOpsTitle(t`Users`);
  const { q = '' } = useSearch({ from: '/ops/users/' });
  const navigate = useNavigate({ from: '/ops/users/' });
  const [text, setText] = useState(q);
  const found = useQuery(userSearchQueryOptions(q));
  function submit(event: FormEvent) {
    event.preventDefault();
    void navigate({ search: { q: text.trim() || undefined }, replace: true });
  }
  const list = found.data?.list ?? [];
  return (
    <div className="ops-page">
      <h1>
        <Trans>Users</Trans>
      </h1>
      <form className="ops-filters" onSubmit={submit} role="search" aria-label={t`Find a user`}>
        <label className="ops-grow">
          <span>
            <Trans>Name, e-mail, invite code, XRP address or id</Trans>
          </span>
          <input value={text} onChange={(event) => setText(event.target.value)} maxLength={100} />
        </label>
        <Button type="submit">
          <Trans>Find</Trans>
        </Button>
      </form>
      {found.isError ? <OpsLoadError error={found.error} onRetry={() => void found.refetch()} /> : null}
      {q && found.isSuccess && list.length === 0 ? (
        <p className="ops-empty">
          <Trans>No user matches “{q}”.</Trans>
        </p>
      ) : null}
      {list.length > 0 ? (
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="users">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>E-mail</Trans>
                </th>
                <th scope="col">
                  <Trans>Invite code</Trans>
                </th>
                <th scope="col">
                  <Trans>Withdrawal address</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Balance</Trans>
                </th>
                <th scope="col">
                  <Trans>Ban</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((user) => (
                <tr key={user.id}>
                  <td className="code">{user.id}</td>
                  <td>
                    <Link to="/ops/users/$userId" params={{ userId: String(user.id) }}>
                      {user.username}
                    </Link>
                  </td>
                  <td>{user.email ?? '—'}</td>
                  <td className="code">{user.invite_code}</td>
                  <td>{user.address ? <Isolate className="code">{user.address}</Isolate> : '—'}</td>
                  <td className="num">
                    <XrpAmount amount={user.balance} />
                  </td>
                  <td>{user.ban ? <span className="ops-banned">{user.ban.reason}</span> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
