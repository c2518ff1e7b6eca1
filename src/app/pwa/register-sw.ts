import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { createStore } from '#app/lib/external-store.ts';
import { log } from '#app/lib/log.ts';

const CHECK_FOR_UPDATES_MS = 60 * 60 * 1000;

/** A new version that is installed and waiting for the user to accept it. */
const waiting = createStore<null | (() => Promise<void>)>(null);

/**
 * Registers the service worker once the first screen is up and the browser is idle, so on a cheap
 * phone it never competes with the first screen for the network or the CPU. A new version
 * waits until the user accepts it (UpdatePrompt): it never takes over a page in use by itself.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    const update = registerSW({
      immediate: true,
      onNeedRefresh: () => waiting.set(() => acceptUpdate(update)),
      // The plugin reloads only when the page had a worker when it loaded; reloadWhenUpdated covers
      // a first visit that meets an update too.
      onNeedReload: () => undefined,
      onRegisteredSW: (_url, registration) => {
        if (!registration) return;
        setInterval(() => void registration.update().catch(() => undefined), CHECK_FOR_UPDATES_MS);
      },
      // A browser may refuse service workers (private modes, policies): the app still works online,
      // so this is a warning for developers, not an error of the app.
      onRegisterError: (error: unknown) =>
        log.warn('service worker not registered: no offline support', error),
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 3_000 })
      : setTimeout(register, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Tells the waiting worker to take over, and reloads into the new version once it has. */
async function acceptUpdate(update: (reloadPage?: boolean) => Promise<void>) {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  await update(true);
}

/** The accept-the-update action while a new version waits, else null. */
export function useWaitingUpdate(): null | (() => Promise<void>) {
  return useSyncExternalStore(waiting.subscribe, waiting.get, waiting.get);
}
