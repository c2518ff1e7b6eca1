import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ChevronIcon, InfoIcon, WalletIcon } from '#app/components/icons.tsx';

type GuidePath = '/guide/address' | '/guide/withdraw' | '/guide/interest';

/** A settings-list row that is a link (it goes to a page; it changes nothing). */
function GuideRow({ to, icon, children }: { to: GuidePath; icon: ReactNode; children: ReactNode }) {
  return (
    <li className="list-row list-row-default">
      <Link to={to} className="list-button">
        <span className="list-icon">{icon}</span>
        <span className="list-label">{children}</span>
        <ChevronIcon className="list-chevron" />
      </Link>
    </li>
  );
}

/** Mine's way to the guides. */
export function GuideRows() {
  return (
    <>
      <GuideRow to="/guide/address" icon={<WalletIcon />}>
        <Trans>How to get your exchange address and tag</Trans>
      </GuideRow>
      <GuideRow to="/guide/withdraw" icon={<InfoIcon />}>
        <Trans>How withdrawing works</Trans>
      </GuideRow>
      <GuideRow to="/guide/interest" icon={<InfoIcon />}>
        <Trans>How interest is computed</Trans>
      </GuideRow>
    </>
  );
}
