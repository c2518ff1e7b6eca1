import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { appLoader } from '#app/boot-script.ts';
import { apiRequest } from '#app/lib/http.ts';
import { session } from '#app/lib/session.ts';
import { API, TOKEN_HEADER } from '#contract/paths.ts';
import { RESULT, successSchema } from '#contract/envelope.ts';
import { z } from 'zod/mini';

// The prerendered page's loader asks for Home's first reads beside the app's code when a session is
// on the device (src/app/lib/early-requests.ts); the app takes each answer once, only with the same
// session, and never after its first change.

const LOAD = {
  entry: '/assets/index.js',
  preloads: ['/assets/vendor.js'],
  languagePreloads: ['/assets/locale-en-first-screen.js'],
  signedInPreloads: ['/assets/home.js'],
};
const Schema = successSchema(z.object({ n: z.number() }));

let served = 0;
const fetchMock = vi.fn(async () => {
  served += 1;
  return new Response(JSON.stringify({ code: RESULT.ok, msg: '', data: { n: served } }), {
    headers: { 'content-type': 'application/json' },
  });
});
/** What the loader put in the head, by the element's kind and address. */
let added: string[] = [];

beforeEach(() => {
  served = 0;
  added = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) {
      if (node instanceof HTMLLinkElement) added.push(`${node.rel} ${node.getAttribute('href')}`);
      if (node instanceof HTMLScriptElement) added.push(`script ${node.getAttribute('src')}`);
    }
  });
  document.documentElement.lang = 'en';
  document.documentElement.dataset['page'] = 'home';
  delete (window as unknown as Record<string, unknown>)['earnestEarlyRequests'];
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.clear();
  localStorage.clear();
});

/** Runs the page's loader as the page does, and lets its frame and timeout pass. */
async function runLoader() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  new Function(appLoader(LOAD))();
  await vi.advanceTimersByTimeAsync(600);
  vi.useRealTimers();
}

function askedFor(): string[] {
  return fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
}

it("signed in: Home's code, catalog and first reads are asked for with the app's code, with the session", async () => {
  session.signIn('token-a', { username: 'alice' });
  await runLoader();
  expect(added).toEqual([
    'modulepreload /assets/vendor.js',
    'modulepreload /assets/locale-en-first-screen.js',
    'modulepreload /assets/home.js',
    'script /assets/index.js',
  ]);
  // Spelled out, not taken from EARLY_READS: what Home's first screen reads, as the server sees it.
  expect(askedFor().sort()).toEqual(
    [
      '/api/account/userInfo',
      '/api/other/getCustomSettings',
      '/api/account/dailyReward',
      '/api/task/history',
      '/api/kyc/status',
      '/api/user/getWithdrawStatus',
      '/api/task/list?locale=en',
    ].sort(),
  );
  for (const call of fetchMock.mock.calls) {
    const init = (call as unknown[])[1] as RequestInit;
    expect((init.headers as Record<string, string>)[TOKEN_HEADER]).toBe('token-a');
  }
});

it('the app takes each early answer once, instead of asking again', async () => {
  session.signIn('token-a', { username: 'alice' });
  await runLoader();
  expect(fetchMock).toHaveBeenCalledTimes(7);
  const first = await apiRequest(API.userInfo, Schema);
  expect(fetchMock).toHaveBeenCalledTimes(7);
  expect(first.n).toBeLessThanOrEqual(7);
  // Taken: the next read asks the server.
  const second = await apiRequest(API.userInfo, Schema);
  expect(fetchMock).toHaveBeenCalledTimes(8);
  expect(second.n).toBe(8);
});

it("another account's session never takes them", async () => {
  session.signIn('token-a', { username: 'alice' });
  await runLoader();
  session.signIn('token-b', { username: 'bob' });
  await apiRequest(API.userInfo, Schema);
  expect(fetchMock).toHaveBeenCalledTimes(8);
  const last = fetchMock.mock.calls.at(-1) as unknown[];
  expect(((last[1] as RequestInit).headers as Record<string, string>)[TOKEN_HEADER]).toBe('token-b');
});

it("after the app's first change, the answers read before it are dropped", async () => {
  session.signIn('token-a', { username: 'alice' });
  await runLoader();
  await apiRequest(API.welcomed, Schema, { method: 'post', json: {} });
  expect(fetchMock).toHaveBeenCalledTimes(8);
  await apiRequest(API.userInfo, Schema);
  expect(fetchMock).toHaveBeenCalledTimes(9);
});

it.each([
  ['signed out, on the entry page', null, 'entry'],
  ['signed in, on Landing', 'token-a', 'landing'],
])('%s: only the app and the catalog are asked for, no reads', async (_, token, page) => {
  if (token) session.signIn(token, { username: 'alice' });
  document.documentElement.dataset['page'] = page;
  await runLoader();
  expect(added).toEqual([
    'modulepreload /assets/vendor.js',
    'modulepreload /assets/locale-en-first-screen.js',
    'script /assets/index.js',
  ]);
  expect(fetchMock).not.toHaveBeenCalled();
});

it('a page held for another language asks for none of its own catalogs, and reads in the chosen one', async () => {
  session.signIn('token-a', { username: 'alice' });
  localStorage.setItem('earnest.locale', 'fr');
  await runLoader();
  expect(added).toEqual(['modulepreload /assets/vendor.js', 'script /assets/index.js']);
  expect(askedFor()).toContain(`${API.taskList}?locale=fr`);
});

it('with a boot snapshot on the device, the first render has its figures: no early reads', async () => {
  session.signIn('token-a', { username: 'alice' });
  localStorage.setItem('earnest.boot-snapshot', '{"account":"alice","build":"dev","entries":[]}');
  await runLoader();
  expect(added).toContain('modulepreload /assets/home.js');
  expect(fetchMock).not.toHaveBeenCalled();
});
