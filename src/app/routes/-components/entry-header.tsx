import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Logo } from '#app/components/logo.tsx';
import { LanguageButton } from '#app/features/account/components/language-picker.tsx';

/** The top of the signed-out screens: logo, language, headline and a lead line. */
export function EntryHeader({ lead, logoLinksHome = false }: { lead: ReactNode; logoLinksHome?: boolean }) {
  return (
    <>
      <header className="entry-header">
        {logoLinksHome ? (
          <Link to="/">
            <Logo />
          </Link>
        ) : (
          <Logo />
        )}
        <LanguageButton />
      </header>
      <div className="entry-intro">
        {/* Focused when the screen opens (routes/__root.tsx), never by Tab. */}
        <h1 tabIndex={-1}>
          <Trans>Earn XRP with simple daily tasks</Trans>
        </h1>
        <p>{lead}</p>
      </div>
    </>
  );
}
