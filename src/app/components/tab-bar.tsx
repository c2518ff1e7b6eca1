import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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
  return (
    <nav className="tab-bar" aria-label={t`Main`}>
      {/* Only a side navigation (desktop) has room for the name. */}
      <span className="tab-bar-brand">
        <Logo />
      </span>
      <Tab to="/home/invite" active={path.startsWith('/home/invite')} icon={<InviteIcon />}>
        <Trans context="tab">Invite</Trans>
      </Tab>
      <Tab to="/home" active={onHome} icon={<HomeIcon />} className="tab-home">
        <Trans context="tab">Home</Trans>
      </Tab>
      <Tab to="/home/mine" active={path.startsWith('/home/mine') || path === '/history'} icon={<MineIcon />}>
        <Trans context="tab">Account</Trans>
      </Tab>
    </nav>
  );
}

function Tab(props: {
  to: '/home' | '/home/invite' | '/home/mine';
  active: boolean;
  icon: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={props.to}
      className={['tab', props.className, props.active ? 'is-active' : null].filter(Boolean).join(' ')}
      activeOptions={{ exact: true }}
      aria-current={props.active ? 'page' : undefined}
    >
      {props.icon}
      <span>{props.children}</span>
    </Link>
  );
}
