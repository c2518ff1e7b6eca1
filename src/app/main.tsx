import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { activateLocale, i18n, initialLocale } from './i18n/i18n.ts';
import { createAccountQueryClients } from './lib/account-query-clients.ts';
import { holdReadsUntilPainted } from './lib/first-paint.ts';
import { dropServerData } from './lib/server-render.ts';
import { session } from './lib/session.ts';
import { keepInstallPrompt } from './pwa/install-prompt.ts';
import { registerServiceWorker } from './pwa/register-sw.ts';
import { startSyncQueue } from './pwa/sync-queue.ts';
import { createAppRouter } from './router.tsx';
import './styles/app.css';

keepInstallPrompt();
// The device's copy of an account's data and its push token are only needed once someone is signed
// in; signed out, the first screen loads neither.
const clients = createAccountQueryClients(async (queryClient, account) =>
  (await import('./lib/query-persistence.ts')).persistAccountCache(queryClient, account),
);
const push = async () => (await import('./pwa/push-device.ts')).startPushDevice();
if (!session.account()) {
  const stop = session.subscribe(() => {
    if (!session.account()) return;
    stop();
    void push();
  });
} else {
  void push();
}
// Both before the first render: the language, and the last known data for when the server is out of reach.
await Promise.all([activateLocale(initialLocale()), clients.ready()]);
startSyncQueue(() => clients.current());

const router = createAppRouter({ queryClient: clients.current(), session });
// The page came prerendered (docs/decisions/011-prerendered-first-paint.md): it stays on screen until
// the app can replace it in one commit, with the screen's code and loaders in.
await router.load();

/**
 * Once the app is on screen, the prerendered page's boot state goes (styles/boot.css) with the answers
 * a server-rendered Home came with, and it answers input; the reads its screen asks for go once it
 * is painted.
 */
function endBoot() {
  holdReadsUntilPainted();
  dropServerData();
  document.getElementById('boot-shell')?.remove();
  document.getElementById('root')?.removeAttribute('inert');
  delete document.documentElement.dataset['boot'];
}

/** Whoever is signed in gets their own client; a new session remounts everything under it. */
function App() {
  const { key, queryClient } = clients.useCurrent();
  useLayoutEffect(endBoot, []);
  return (
    <QueryClientProvider client={queryClient} key={key}>
      <RouterProvider router={router} context={{ queryClient, session }} />
    </QueryClientProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// As a transition, the first render is time-sliced: React yields to the browser every few
// milliseconds instead of holding the main thread for the whole screen (a long task a phone's user
// would feel, and Lighthouse counts as blocking time), and still commits it in one piece over the
// prerendered page.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
});

registerServiceWorker();
