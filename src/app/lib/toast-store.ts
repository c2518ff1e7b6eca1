import { useSyncExternalStore } from 'react';
import { createStore } from './external-store.ts';

export interface Toast {
  id: number;
  kind: 'info' | 'success' | 'error';
  /** Already translated, and worded for what happened ("Address saved"). */
  text: string;
  /** The screen (path) the toast belongs to; null until the next screen opens. */
  screen: string | null;
}

/**
 * How long a toast stays: long enough to read it slowly (about 14 characters a second, and 6 seconds
 * at least), twice that for a refusal, which the user has to act on, and never over 30 seconds.
 */
export function showMs(kind: Toast['kind'], text: string): number {
  const reading = Math.max(6000, 2000 + text.length * 70);
  return Math.min(30_000, kind === 'error' ? reading * 2 : reading);
}

const store = createStore<readonly Toast[]>([]);
let nextId = 1;
let currentScreen = typeof location === 'undefined' ? '/' : location.pathname;

/**
 * Short messages that confirm or explain; read out by screen readers. At most one shows: a newer one
 * replaces it. A toast belongs to its screen and goes when the user leaves it, unless it was pushed
 * for the screen about to open (`forNextScreen`: "Signed out", said on the entry page).
 */
export const toasts = {
  push(kind: Toast['kind'], text: string, { forNextScreen = false } = {}) {
    const id = nextId++;
    store.set([{ id, kind, text, screen: forNextScreen ? null : currentScreen }]);
    setTimeout(() => toasts.dismiss(id), showMs(kind, text));
  },
  /** What shows now (the hook below is how screens read it). */
  shown(): readonly Toast[] {
    return store.get();
  },
  dismiss(id: number) {
    store.set(store.get().filter((t) => t.id !== id));
  },
  /** Called on each navigation: the previous screen's toast goes, one pushed for this screen stays. */
  screenChanged(path: string) {
    if (path === currentScreen) return;
    currentScreen = path;
    store.set(
      store
        .get()
        .filter((t) => t.screen === null || t.screen === path)
        .map((t) => ({ ...t, screen: path })),
    );
  },
};

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
