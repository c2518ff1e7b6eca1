import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { HomeIcon, InviteIcon, MineIcon } from './icons.tsx';

/** The fixed bottom navigation: Invite, Home, Mine. */
export function TabBar() {
  const { t } = useLingui();
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
        className="tab"
        activeOptions={{ exact: true }}
        activeProps={{ className: 'is-active', 'aria-current': 'page' }}
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
