import { useSyncExternalStore } from 'react';
import type { Operator } from '#contract/ops.ts';
import { createStore } from '#app/lib/external-store.ts';

/**
 * The console's session, kept in sessionStorage: it lives as long as this tab, is never shared with
 * the user app's session (localStorage) and dies with the tab (docs/operators.md#sessions).
 */
const KEY = 'earnest.ops.session';

export interface OpsSessionState {
  token: string;
  operator: Operator;
}

/** Why the console sent the operator back to sign in. */
export type OpsSessionEnd = 'expired' | 'signed_out';

function readStored(): OpsSessionState | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as OpsSessionState | null;
    return value && typeof value.token === 'string' ? value : null;
  } catch {
    return null;
  }
}

const store = createStore<OpsSessionState | null>(readStored());
let endedBecause: OpsSessionEnd | null = null;

export const opsSession = {
  current: () => store.get(),
  token: () => store.get()?.token ?? null,
  signIn(state: OpsSessionState) {
    endedBecause = null;
    try {
      sessionStorage.setItem(KEY, JSON.stringify(state));
    } catch {
      // No storage: the session lasts until this page is left.
    }
    store.set(state);
  },
  end(reason: OpsSessionEnd) {
    endedBecause = reason;
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing kept.
    }
    store.set(null);
  },
  endedBecause: () => endedBecause,
  subscribe: store.subscribe,
};

/** The signed-in operator, re-rendering on sign-in and sign-out. */
export function useOpsSession(): OpsSessionState | null {
  return useSyncExternalStore(store.subscribe, store.get);
}
