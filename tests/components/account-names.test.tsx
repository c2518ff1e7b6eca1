import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import type { UserInfo } from '#contract/auth.ts';
import type { PageMessage } from '#contract/sync.ts';
import { userInfoQueryOptions } from '#app/features/account/api/account-queries.ts';
import { useCheckIn } from '#app/features/auth/api/auth-queries.ts';
import { readBootSnapshot, saveBootSnapshot } from '#app/lib/boot-snapshot.ts';
import { ACCOUNT_KEY, session, TOKEN_KEY } from '#app/lib/session.ts';
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

/** The page asked the worker to file what was kept under Amina's username, since she registered, under her id. */
async function expectRefiledFromUsername(told: readonly PageMessage[]) {
  // The first load of the lazily imported queue module can take a second on a busy machine.
  await vi.waitFor(
    () =>
      expect(told).toContainEqual({
        type: 'refile_account',
        from: 'amina',
        to: ACCOUNT_ID,
        since: user.created_time * 1000,
      }),
    { timeout: 5000 },
  );
}

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
  await expectRefiledFromUsername(told);
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

/** Holds the page's next request until `answer` is called with what it gets back. */
function holdNextRequest() {
  let answer: (response: Response) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  return (status: number, body: unknown) =>
    answer(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

it('an answer for a session that ended on its way names nothing: the account signed in since keeps its name and its session', async () => {
  const told = collectWorkerMessages();
  // Amina's session from the release before, reading her user info on a slow link…
  session.signIn('token-a', { username: 'Amina' });
  const answer = holdNextRequest();
  const read = new QueryClient().fetchQuery(userInfoQueryOptions());
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  // …signs out, and Bob signs in before her answer arrives.
  session.clear();
  const BOB = '5e0c2b7a-9f14-4d3b-a6e8-0c7d2f9b1e63';
  session.signIn('token-b', { username: 'Bob', account_id: BOB });
  answer(200, { code: 1, msg: 'ok', data: { userInfo: user } });
  await read;

  expect(session.state()).toEqual({ token: 'token-b', account: BOB });
  expect(localStorage.getItem(ACCOUNT_KEY)).toBe(BOB);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(told.filter((message) => message.type === 'refile_account')).toEqual([]);
});

it('a refusal of a session that ended on its way does not sign out the account signed in since', async () => {
  session.signIn('token-a', user);
  const answer = holdNextRequest();
  const read = new QueryClient().fetchQuery(userInfoQueryOptions()).catch((error: unknown) => error);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  session.clear();
  session.signIn('token-b', { username: 'Bob', account_id: '5e0c2b7a-9f14-4d3b-a6e8-0c7d2f9b1e63' });
  answer(401, { code: -1, msg: 'Login expired', data: { error: 'auth.session_expired' } });
  expect(await read).toMatchObject({ code: 'auth.session_expired' });

  expect(session.token()).toBe('token-b');
  expect(session.endedBecause()).toBeNull();
});

it('another tab signed in since: this tab names its own session, never the device’s stored one', async () => {
  session.signIn('token-a', { username: 'Amina' });
  // Another tab signs Bob in: the device's stored session is his now, this tab's memory still Amina's.
  localStorage.setItem(TOKEN_KEY, 'token-b');
  localStorage.setItem(ACCOUNT_KEY, 'bob');
  answerEveryRequest({ userInfo: user });
  await new QueryClient().fetchQuery(userInfoQueryOptions());

  expect(session.account()).toBe(ACCOUNT_ID);
  expect(localStorage.getItem(ACCOUNT_KEY)).toBe('bob');
});

it('a sign-in takes back what the device kept under the username for a session that had ended, since the account was created', async () => {
  const told = collectWorkerMessages();
  answerEveryRequest({ userInfo: { ...user, token: 'token-new' }, routePath: '/home' });
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useCheckIn(), { wrapper });
  await act(() =>
    result.current.mutateAsync({ body: { tab: 'login', username: 'Amina', password: 'correct horse' } }),
  );

  expect(session.state()).toEqual({ token: 'token-new', account: ACCOUNT_ID });
  await expectRefiledFromUsername(told);
});
