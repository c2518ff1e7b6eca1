import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { useDeleteAccount } from '#app/features/account/api/account-controls-queries.ts';
import { session } from '#app/lib/session.ts';
import { answerEveryRequest, collectWorkerMessages } from '#tests/helpers/page-stubs.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

it("a deleted account's kept actions are dropped by the service worker, and the device is signed out", async () => {
  const told = collectWorkerMessages();
  answerEveryRequest({ deleted: true });
  session.signIn('token-1', { username: 'Amina' });
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useDeleteAccount(), { wrapper });

  await act(() => result.current.mutateAsync('correct horse battery'));
  await vi.waitFor(() => expect(told).toContainEqual({ type: 'forget_account', account: 'amina' }));
  expect(session.token()).toBeNull();
});
