import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  createRootRouteWithContext,
  Outlet,
  useMatches,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import { LoadingOverlay } from '#app/components/loading-overlay.tsx';
import { ProgressBar } from '#app/components/progress-bar.tsx';
import { Toaster } from '#app/components/toaster.tsx';
import { UsageCounter } from '#app/components/usage-counter.tsx';
import { sessionNotice } from '#contract/sync.ts';
import { onSessionEnded } from '#app/lib/http.ts';
import { loading } from '#app/lib/loading-store.ts';
import { focusScreenHeading } from '#app/lib/focus.ts';
import { documentTitle } from '#app/lib/route-meta.ts';
import { loadEveryScreen } from '#app/i18n/i18n.ts';
import { RECENT_TOAST_HIDDEN_ON } from '#app/features/withdraw/recent-toast-routes.ts';
import { PushBanner } from '#app/pwa/push-banner.tsx';
import { OfflineBanner } from '#app/pwa/offline-banner.tsx';
import { SyncStatus } from '#app/pwa/sync-status.tsx';
import { UpdatePrompt } from '#app/pwa/update-prompt.tsx';
import type { RouterContext } from '#app/router.tsx';

// Not part of the first screen: it shows up 2 s after load at the earliest, on signed-in screens.
const RecentWithdrawalsToast = lazy(async () => ({
  default: (await import('#app/features/withdraw/components/recent-withdrawals-toast.tsx'))
    .RecentWithdrawalsToast,
}));

export const Route = createRootRouteWithContext<RouterContext>()({
  // The entry page shows with its own texts only; every other screen waits for the rest (i18n.ts).
  beforeLoad: ({ location }) => (location.pathname === '/' ? undefined : loadEveryScreen()),
  component: Root,
});

function Root() {
  const path = useRouterState({ select: (state) => state.location.pathname });
  // The operator console (routes/ops) has its own frame, title and session: none of the user app's.
  return path === '/ops' || path.startsWith('/ops/') ? <Outlet /> : <UserRoot path={path} />;
}

function UserRoot({ path }: { path: string }) {
  useDocumentTitle();
  useSessionEndRedirect();
  useFocusOnNewScreen();
  return (
    <>
      <ProgressBar />
      <a className="skip-link" href="#main">
        <SkipLabel />
      </a>
      <div className="app-frame">
        <PushBanner />
        <OfflineBanner />
        <UpdatePrompt />
        <SyncStatus />
        <Outlet />
      </div>
      {RECENT_TOAST_HIDDEN_ON.has(path) ? null : (
        <Suspense fallback={null}>
          <RecentWithdrawalsToast />
        </Suspense>
      )}
      <Toaster />
      <LoadingOverlay />
      <UsageCounter />
    </>
  );
}

function SkipLabel() {
  const { t } = useLingui();
  return <>{t`Skip to content`}</>;
}

/** "<route title> · Earnest", in the current language. */
function useDocumentTitle() {
  const matches = useMatches();
  const { i18n } = useLingui();
  const text = documentTitle(
    matches.map((m) => m.staticData.title),
    i18n,
  );
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/**
 * A new screen takes the focus to its heading (focusable from script only, tabIndex -1): a screen
 * reader then says where the user now is, and the next Tab starts at the top of the new screen,
 * not from <body>, where focus falls when the link that led here goes away. Keyed on the resolved
 * location, which changes once the new screen is rendered; never on the first screen of a visit,
 * whose start the browser already gives.
 */
function useFocusOnNewScreen() {
  const path = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const previous = useRef(path);
  useEffect(() => {
    const before = previous.current;
    previous.current = path;
    if (before === undefined || before === path) return;
    focusScreenHeading();
  }, [path]);
}

/** When the server refuses this device's session, go to the entry page and say why (docs/product-rules.md#api-conventions). */
function useSessionEndRedirect() {
  const router = useRouter();
  useEffect(() => {
    const stop = onSessionEnded((reason) => {
      loading.reset();
      void router.navigate({
        to: '/',
        search: { notice: sessionNotice(reason) },
      });
    });
    // A refusal can arrive before this listener exists (a route's loader asks first): the route
    // guards then send the user on, with the reason kept on the device.
    if (!router.options.context.session.token()) void router.invalidate();
    return stop;
  }, [router]);
}
