import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { LOCALES, isLocale } from '#domain/i18n/locales.ts';
import { Button } from '#app/components/button.tsx';
import { activateLocale } from '#app/i18n/i18n.ts';
import { LOCALE_NAMES } from '#app/i18n/locale-names.ts';
import { useOpsSignOut } from '../api/ops-queries.ts';
import { useOpsSession } from '../api/ops-session.ts';
import { useOpsCatalog } from '../lib/ops-i18n.ts';
import { OpsNav } from './ops-nav.tsx';
import '../ops.css';

/** Pages of the console that need no session. */
const OPEN_PAGES = new Set(['/ops/sign-in', '/ops/setup']);

/**
 * The console's frame (docs/operators.md#the-console): its own catalog, its own query cache (never the
 * user's, never kept on the device), a header with who is signed in, and the menu. Without a session,
 * every page but signing in and setting up goes to the sign-in page.
 */
export function OpsLayout() {
  const ready = useOpsCatalog();
  // Operator data lives only in memory, for this tab: nothing is persisted or shared with the user app.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: 5_000, refetchOnWindowFocus: true } },
      }),
  );
  const session = useOpsSession();
  const path = useRouterState({ select: (state) => state.location.pathname.replace(/\/$/, '') });
  useEffect(() => {
    if (!session) queryClient.clear();
  }, [session, queryClient]);

  if (!ready) return <div className="ops-app" aria-busy="true" />;
  const open = OPEN_PAGES.has(path);
  if (!session && !open) return <Navigate to="/ops/sign-in" />;
  return (
    <QueryClientProvider client={queryClient}>
      <div className="ops-app">
        <a className="skip-link" href="#ops-main">
          <Trans>Skip to content</Trans>
        </a>
        <OpsHeader signedIn={Boolean(session) && !open} />
        {session && !open ? <OpsNav /> : null}
        <main id="ops-main" className="ops-main">
          <Outlet />
        </main>
      </div>
    </QueryClientProvider>
  );
}

function OpsHeader({ signedIn }: { signedIn: boolean }) {
  const session = useOpsSession();
  const signOut = useOpsSignOut();
  const { t } = useLingui();
  return (
    <header className="ops-header">
      <p className="ops-brand">
        <Trans>Earnest console</Trans>
      </p>
      <div className="ops-header-tools">
        <LanguageSelect />
        {signedIn && session ? (
          <>
            <p className="ops-who">
              <span className="code">{session.operator.name}</span>{' '}
              <span className="ops-role">
                {session.operator.role === 'admin'
                  ? t`admin`
                  : t({ message: 'support', context: 'operator role' })}
              </span>
            </p>
            <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              <Trans>Sign out</Trans>
            </Button>
          </>
        ) : null}
      </div>
    </header>
  );
}

function LanguageSelect() {
  const { i18n, t } = useLingui();
  return (
    <label className="ops-language">
      <span className="sr-only">{t`Language`}</span>
      <select
        value={i18n.locale}
        onChange={(event) => {
          const locale = event.target.value;
          if (isLocale(locale)) void activateLocale(locale, { remember: true });
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
