import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { activateLocale, i18n, initialLocale } from './i18n/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { session } from './lib/session.ts';
import { keepInstallPrompt } from './pwa/install-prompt.ts';
import { registerServiceWorker } from './pwa/register-sw.ts';
import { startSyncQueue } from './pwa/sync-queue.ts';
import { createAppRouter } from './router.tsx';
import './styles/app.css';

keepInstallPrompt();
const queryClient = createQueryClient();
// The device's copy of an account's data and its push token are only needed once someone is signed
// in; signed out, the first screen loads neither.
const persistence = async () => (await import('./lib/query-persistence.ts')).persistQueryCache(queryClient);
const push = async () => (await import('./pwa/push-device.ts')).startPushDevice();
if (!session.account()) {
  const stop = session.subscribe(() => {
    if (!session.account()) return;
    stop();
    void persistence();
    void push();
  });
} else {
  void push();
}
// Both before the first render: the language, and the last known data for when the server is out of reach.
await Promise.all([activateLocale(initialLocale()), session.account() ? persistence() : null]);
startSyncQueue(queryClient);

const router = createAppRouter({ queryClient, session });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);

registerServiceWorker();
