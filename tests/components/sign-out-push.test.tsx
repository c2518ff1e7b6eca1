import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { useLogout } from '#app/features/auth/api/auth-queries.ts';
import { deviceRecords } from '#app/lib/device-records.ts';
import { session } from '#app/lib/session.ts';

// A sign-out the server never heard (offline) leaves that session, and the push token saved with it,
// alive on the server until it expires: the device itself must stop receiving the account's pushes,
// or the next person on a shared device reads them.

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

it('signing out offline still ends this browser push subscription and forgets its token', async () => {
  const unsubscribe = vi.fn(async () => true);
  const registration = { pushManager: { getSubscription: async () => ({ unsubscribe }) } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('navigator', {
    ...navigator,
    onLine: false,
    serviceWorker: { getRegistration: async () => registration },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  session.signIn('token-1', { username: 'amina' });
  await deviceRecords.write('pushToken', { token: 'sub', savedAt: 0, synced: true, account: 'amina' });

  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useLogout(), { wrapper });
  await act(async () => {
    await result.current.mutateAsync().catch(() => undefined);
  });
  await waitFor(() => expect(session.token()).toBeNull());
  expect(unsubscribe).toHaveBeenCalledOnce();
  expect(await deviceRecords.read('pushToken')).toBeNull();
});
