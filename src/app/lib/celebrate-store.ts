import { useSyncExternalStore } from 'react';
import { createStore } from './external-store.ts';

const store = createStore(0);

/**
 * A small moment of joy for something the user earned (a gift claimed, a task done, interest
 * claimed, a withdrawal paid): a burst drawn by CSS alone, left out under prefers-reduced-motion.
 * Called only after the server confirmed the credit, never for a queued action.
 */
export function celebrate() {
  store.set(store.get() + 1);
}

/** How many celebrations have started: a new number starts a new burst. */
export function useCelebrations(): number {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
