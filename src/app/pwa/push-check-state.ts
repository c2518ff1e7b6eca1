import { useSyncExternalStore } from 'react';
import { createStore } from '#app/lib/external-store.ts';

/** The notification task's check on this page: nothing yet → asking → test sent → arrived here. */
export type PushCheckState =
  | { step: 'idle' }
  | { step: 'working' }
  | { step: 'sent' }
  | { step: 'arrived' }
  | { step: 'refused'; reason: 'unsupported' | 'refused_recently' | 'denied' | 'failed' | 'send_failed' };

export const check = createStore<PushCheckState>({ step: 'idle' });

export function usePushCheck(): PushCheckState {
  return useSyncExternalStore(check.subscribe, check.get, check.get);
}

/** The service worker received the test push and acknowledged it to the server. */
export function pushTestArrived() {
  check.set({ step: 'arrived' });
}
