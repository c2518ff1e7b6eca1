import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button } from '#app/components/button.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { userSearchQueryOptions } from '../api/users-queries.ts';
import { ConsolePage, ConsoleTable, Labelled, LoadState } from './console.tsx';

/** Finds users by name, e-mail, invite code, XRP address or id. */
export function UsersPage() {
  const { t } = useLingui();
  const { q = '' } = useSearch({ from: '/ops/users/' });
  const navigate = useNavigate({ from: '/ops/users/' });
  const [text, setText] = useState(q);
  const found = useQuery(userSearchQueryOptions(q));
  function submit(event: FormEvent) {
    event.preventDefault();
    void navigate({ search: { q: text.trim() || undefined }, replace: true });
  }
  return (
    <ConsolePage title={t`Users`}>
      <form className="ops-filters" onSubmit={submit} role="search" aria-label={t`Find a user`}>
        <Labelled className="ops-grow" label={<Trans>Name, e-mail, invite code, XRP address or id</Trans>}>
          <input value={text} onChange={(event) => setText(event.target.value)} maxLength={100} />
        </Labelled>
        <Button type="submit">
          <Trans>Find</Trans>
        </Button>
      </form>
      <LoadState query={found} />
      <ConsoleTable
        rows={q ? found.data?.list : undefined}
        empty={<Trans>No user matches “{q}”.</Trans>}
        testId="users"
        rowKey={(user) => user.id}
        columns={[
          { head: '#', className: 'code', cell: (user) => user.id },
          {
            head: <Trans>Name</Trans>,
            cell: (user) => (
              <Link to="/ops/users/$userId" params={{ userId: String(user.id) }}>
                {user.username}
              </Link>
            ),
          },
          { head: <Trans>E-mail</Trans>, cell: (user) => user.email ?? '—' },
          { head: <Trans>Invite code</Trans>, className: 'code', cell: (user) => user.invite_code },
          {
            head: <Trans>Withdrawal address</Trans>,
            cell: (user) => (user.address ? <Isolate className="code">{user.address}</Isolate> : '—'),
          },
          { head: <Trans>Balance</Trans>, num: true, cell: (user) => <XrpAmount amount={user.balance} /> },
          {
            head: <Trans>Ban</Trans>,
            cell: (user) => (user.ban ? <span className="ops-banned">{user.ban.reason}</span> : '—'),
          },
        ]}
      />
    </ConsolePage>
  );
}
