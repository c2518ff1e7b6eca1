import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { HomeIcon, InviteIcon, MineIcon } from './icons.tsx';
import { Logo } from './logo.tsx';

/** The main navigation (Invite, Home, Account): a tab bar on a phone, a side navigation on a desktop (styles/desktop.css). */
export function TabBar() {
  const { t } = useLingui();
  // Withdraw and its screens are reached from Home, History from Account: those stay marked there.
  const path = useRouterState({ select: (state) => state.location.pathname });
  const onHome =
    path === '/home' ||
    path === '/home/' ||
    path.startsWith('/home/withdraw') ||
    path.startsWith('/withdraw/');
  const onAccount = path.startsWith('/home/mine') || path === '/history';
  return (
    <nav className="tab-bar" aria-label={t`Main`}>
      {/* Only a side navigation (desktop) has room for the name. */}
      <span className="tab-bar-brand">
        <Logo />
      </span>
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
        className={`tab tab-home${onHome ? ' is-active' : ''}`}
        activeOptions={{ exact: true }}
        aria-current={onHome ? 'page' : undefined}
      >
        <HomeIcon />
        <span>
          <Trans context="tab">Home</Trans>
        </span>
      </Link>
      <Link
        to="/home/mine"
        className={`tab${onAccount ? ' is-active' : ''}`}
        aria-current={onAccount ? 'page' : undefined}
      >
        <MineIcon />
        <span>
          <Trans context="tab">Account</Trans>
        </span>
      </Link>
    </nav>
  );
}
