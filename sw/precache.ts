import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope;

/**
 * The app shell: the build's files, injected by vite-plugin-pwa. A first install takes over the open
 * page at once, so actions can be kept offline from the first visit; an update waits for the user
 * (src/app/pwa/update-prompt.tsx, register-sw.ts).
 */
export function precacheAppShell() {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  clientsClaim();
}
