import { useSyncExternalStore } from 'react';
import { createStore } from './external-store.ts';

export interface Toast {
  id: number;
  kind: 'info' | 'success' | 'error';
  /** Already translated. */
  text: string;
}

const SHOW_MS = 4000;
const store = createStore<readonly Toast[]>([]);
let nextId = 1;

/** Short messages that confirm or explain; read out by screen readers. */
export const toasts = {
  push(kind: Toast['kind'], text: string) {
    const id = nextId++;
    store.set([...store.get().filter((t) => t.text !== text), { id, kind, text }].slice(-3));
    setTimeout(() => toasts.dismiss(id), SHOW_MS);
  },
  dismiss(id: number) {
    store.set(store.get().filter((t) => t.id !== id));
  },
};

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.get);
}
