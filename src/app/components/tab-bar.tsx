import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { HomeIcon, InviteIcon, MineIcon } from './icons.tsx';

/** The fixed bottom navigation: Invite, Home, Mine. */
export function TabBar() {
  const { t } = useLingui();
  // Withdraw is reached from Home's tasks and wizard: Home stays marked there.
  const path = useRouterState({ select: (state) => state.location.pathname });
  const onHome = path === '/home' || path === '/home/' || path.startsWith('/home/withdraw');
  return (
    <nav className="tab-bar" aria-label={t`Main`}>
      <Link
        to="/home/invite"
        className="tab"
        activeProps={{ className: 'is-active', 'aria-current': 'page' }}
      >
        <InviteIcon />
        <span>
          <Trans context="tab">Invite</Trans>
        </span>
      </Link>
      <Link
        to="/home"
        className={`tab${onHome ? ' is-active' : ''}`}
        activeOptions={{ exact: true }}
        aria-current={onHome ? 'page' : undefined}
      >
        <HomeIcon />
        <span>
          <Trans context="tab">Home</Trans>
        </span>
      </Link>
      <Link to="/home/mine" className="tab" activeProps={{ className: 'is-active', 'aria-current': 'page' }}>
        <MineIcon />
        <span>
          <Trans context="tab">Mine</Trans>
        </span>
      </Link>
    </nav>
  );
}
