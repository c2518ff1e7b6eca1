import { useSyncExternalStore } from 'react';
import { createStore } from './external-store.ts';

/**
 * Whether the server answered the last time the app asked. The browser's `navigator.onLine` cannot
 * tell a down server, a captive portal or a dead mobile link from a good connection, so every API
 * call reports here.
 */
// Node (the build's prerender) has a navigator without `onLine`: there, the page paints as reachable.
const store = createStore<boolean>(typeof window === 'undefined' ? true : navigator.onLine);

export const connectivity = {
  reachable: () => store.get(),
  answered: () => store.set(true),
  unreachable: () => store.set(false),
  subscribe: store.subscribe,
};

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => connectivity.unreachable());
}

export function useServerReachable(): boolean {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
