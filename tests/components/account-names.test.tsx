import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import type { UserInfo } from '#contract/auth.ts';
import { userInfoQueryOptions } from '#app/features/account/api/account-queries.ts';
import { readBootSnapshot, saveBootSnapshot } from '#app/lib/boot-snapshot.ts';
import { session } from '#app/lib/session.ts';
import { answerEveryRequest, collectWorkerMessages } from '#tests/helpers/page-stubs.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

const ACCOUNT_ID = '0b6f4a52-1d6e-4c1f-9a35-2f7c1b8e9d40';
const user: UserInfo = {
  username: 'Amina',
  email: null,
  invite_code: 'ABCD2345',
  account_id: ACCOUNT_ID,
  balance: '12',
  country: null,
  language: null,
  invite_count: 0,
  counted_invite_count: 0,
  total_tasks: 0,
  annual_rate: '5',
  total_claimed: '0',
  created_time: 1_790_000_000,
  welcomed_time: null,
};

it('names a signed-in account by its lasting id, so a later account of the same name is another one on this device', () => {
  session.signIn('token-1', { username: 'Amina', account_id: ACCOUNT_ID });
  expect(session.account()).toBe(ACCOUNT_ID);
  session.clear('session_expired');
  session.signIn('token-2', { username: 'amina', account_id: '7d1e0c3a-5b2f-4e8d-8c6a-1f9b3e2d4a57' });
  expect(session.account()).not.toBe(ACCOUNT_ID);
});

it('moves what the device kept under the name it used before the lasting id: the queue follows, the cached copy goes', async () => {
  const told = collectWorkerMessages();
  // A session from the release before: the device named the account by its lower-case name.
  session.signIn('token-1', { username: 'Amina' });
  expect(session.account()).toBe('amina');
  const cached = new QueryClient();
  cached.setQueryData(['account', 'userInfo'], { ...user, account_id: undefined });
  saveBootSnapshot(cached, 'amina');
  expect(readBootSnapshot('amina')).toHaveLength(1);

  answerEveryRequest({ userInfo: user });
  await new QueryClient().fetchQuery(userInfoQueryOptions());
  expect(session.account()).toBe(ACCOUNT_ID);
  expect(session.token()).toBe('token-1');
  await vi.waitFor(() =>
    expect(told).toContainEqual({ type: 'refile_account', from: 'amina', to: ACCOUNT_ID }),
  );
  await vi.waitFor(() => expect(readBootSnapshot('amina')).toEqual([]));

  // Named once: the next read of the user info moves nothing again.
  told.length = 0;
  await new QueryClient().fetchQuery(userInfoQueryOptions());
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(told.filter((message) => message.type === 'refile_account')).toEqual([]);
});

it('a linked device, which learns its account only from the user info, has nothing to move', async () => {
  const told = collectWorkerMessages();
  session.signInWithToken('token-linked');
  answerEveryRequest({ userInfo: user });
  await new QueryClient().fetchQuery(userInfoQueryOptions());
  expect(session.account()).toBe(ACCOUNT_ID);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(told.filter((message) => message.type === 'refile_account')).toEqual([]);
});

it('keeps the lasting id when a server of the release before answers without one', async () => {
  const told = collectWorkerMessages();
  session.signIn('token-1', user);
  answerEveryRequest({ userInfo: { ...user, account_id: undefined } });
  await new QueryClient().fetchQuery(userInfoQueryOptions());
  expect(session.account()).toBe(ACCOUNT_ID);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(told.filter((message) => message.type === 'refile_account')).toEqual([]);
});
