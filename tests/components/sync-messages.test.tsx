import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '#app/i18n/i18n.ts';
import { receiveWorkerMessage } from '#app/pwa/sync-queue.ts';
import { session } from '#app/lib/session.ts';
import { toasts } from '#app/lib/toast-store.ts';

// A shared device: the worker replays what an account kept after it signed out. The one signed in
// now is told only of its own.

describe('what the worker says of a settled entry', () => {
  afterEach(() => {
    session.clear();
    for (const toast of toasts.shown()) toasts.dismiss(toast.id);
    vi.useRealTimers();
  });

  it("tells the user of their own entries only, never of another account's", async () => {
    await activateLocale('en');
    vi.useFakeTimers();
    session.signIn('token-b', { username: 'bob', account_id: 'id-bob' });
    const queryClient = new QueryClient();
    receiveWorkerMessage(
      { type: 'settled', id: 'a-1', account: 'id-amina', kind: 'interest.claim', outcome: 'done' },
      queryClient,
    );
    receiveWorkerMessage(
      { type: 'settled', id: 'a-2', account: 'id-amina', kind: 'task.complete', outcome: 'rejected' },
      queryClient,
    );
    vi.advanceTimersByTime(1_000);
    expect(toasts.shown()).toEqual([]);

    receiveWorkerMessage(
      { type: 'settled', id: 'b-1', account: 'id-bob', kind: 'interest.claim', outcome: 'done' },
      queryClient,
    );
    vi.advanceTimersByTime(1_000);
    expect(toasts.shown().map((toast) => toast.text)).toEqual([
      'Synced: the server confirmed your interest claim.',
    ]);
  });

  it('asks the browser to keep its storage once an action is kept on the device, and only once', () => {
    const persist = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
    try {
      const queryClient = new QueryClient();
      receiveWorkerMessage({ type: 'queue', items: [] }, queryClient);
      expect(persist).not.toHaveBeenCalled();
      const kept = {
        id: 'k-1',
        kind: 'task.complete' as const,
        account: 'id-bob',
        body: { task_id: 1 },
        state: 'waiting' as const,
        queuedAt: 0,
        attempts: 0,
        retryAt: null,
        error: null,
      };
      receiveWorkerMessage({ type: 'queue', items: [kept] }, queryClient);
      receiveWorkerMessage({ type: 'queue', items: [kept] }, queryClient);
      expect(persist).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
