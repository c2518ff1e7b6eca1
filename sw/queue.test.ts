import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, REQUEST_ID_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import {
  ACCOUNT_HEADER,
  REPLAY_HEADER,
  retryDelayMs,
  type PageMessage,
  type WorkerMessage,
} from '#contract/sync.ts';
import type { QueueEntry } from './queue-store.ts';

// The worker's globals, as far as the queue uses them: the pages it tells, its fetch listener, and the network.
const told: WorkerMessage[] = [];
let onFetch: ((event: { request: Request; respondWith(answer: Promise<Response>): void }) => void) | null =
  null;
let onMessage: ((event: { data: PageMessage; waitUntil(done: Promise<void>): void }) => void) | null = null;
let onSync: ((event: { tag: string; waitUntil(done: Promise<void>): void }) => void) | null = null;
Object.assign(globalThis, {
  self: {
    location: { origin: 'https://earnest.test' },
    registration: {},
    clients: { matchAll: async () => [{ postMessage: (message: WorkerMessage) => told.push(message) }] },
    addEventListener: (type: string, listener: typeof onFetch & typeof onMessage & typeof onSync) => {
      if (type === 'fetch') onFetch = listener;
      if (type === 'message') onMessage = listener;
      if (type === 'sync') onSync = listener;
    },
  },
});
const { queueStore, publicView } = await import('./queue-store.ts');
const { REPLAY_TIMEOUT_MS, replayQueue, wakeAccount } = await import('./queue-replay.ts');
const { captureQueueableRequests } = await import('./queue-capture.ts');
const { answerPageMessages } = await import('./page-messages.ts');
const { replayOnSync } = await import('./background-sync.ts');
const { SYNC_TAG } = await import('./queue-capture.ts');
captureQueueableRequests();
answerPageMessages();
replayOnSync();

/** The browser's Background Sync event, as it fires with the app closed: how it ended. */
async function syncEvent(): Promise<'resolved' | 'rejected'> {
  let done: Promise<void> = Promise.resolve();
  onSync?.({ tag: SYNC_TAG, waitUntil: (work) => (done = work) });
  return done.then(
    () => 'resolved' as const,
    () => 'rejected' as const,
  );
}

/** A message from the page, answered in full. */
async function fromPage(data: PageMessage) {
  let done: Promise<void> = Promise.resolve();
  onMessage?.({ data, waitUntil: (work) => (done = work) });
  await done;
}

interface Sent {
  key: string | null;
  token: string | null;
}
let sent: Sent[] = [];
/** The headers and body of every request sent, in order. */
let headersSent: Headers[] = [];
let bodiesSent: unknown[] = [];
/** The server's answer to each request, by Idempotency-Key; a success unless told otherwise. */
let answers = new Map<string, { status: number; body: unknown }>();
/** Holds the server's answer to a key until the test lets it go. */
let held = new Map<string, Promise<void>>();
/** Sessions the server has ended: a request with one is refused, whatever its key. */
let revoked = new Set<string>();
vi.stubGlobal('fetch', async (input: string | Request, init?: RequestInit) => {
  const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
  headersSent.push(headers);
  bodiesSent.push(init?.body);
  const key = headers.get(IDEMPOTENCY_HEADER);
  const token = headers.get(TOKEN_HEADER);
  sent.push({ key, token });
  const answer = revoked.has(token ?? '')
    ? refusedSession
    : (answers.get(key ?? '') ?? { status: 200, body: { code: 1, msg: 'ok', data: {} } });
  // As the browser's fetch does, an aborted request stops waiting for its answer.
  await Promise.race([held.get(`${key}:${token}`), abortOf(init?.signal ?? undefined)]);
  return new Response(JSON.stringify(answer.body), { status: answer.status });
});

/** Rejects once `signal` aborts; never settles without one. */
function abortOf(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason));
  });
}

const refusedSession = {
  status: 401,
  body: { code: 0, msg: 'Login expired', data: { error: 'auth.session_expired' } },
};

let made = 0;
/** Keeps a task completion of `account` made with `token`, or, with `over`, another request. */
async function keep(account: string, token: string, over: Partial<QueueEntry> = {}) {
  const id = `${account}-${(made += 1)}`;
  await queueStore.add({
    id,
    kind: 'task.complete',
    account,
    body: { task_id: made },
    state: 'waiting',
    queuedAt: made,
    attempts: 0,
    retryAt: null,
    error: null,
    url: 'https://earnest.test/api/task/complete',
    bodyText: JSON.stringify({ task_id: made }),
    contentType: 'application/json',
    token,
    ...over,
  });
  return id;
}

beforeEach(async () => {
  for (const entry of await queueStore.all()) await queueStore.remove(entry.id);
  await queueStore.setSession({ account: null, token: null });
  sent = [];
  headersSent = [];
  bodiesSent = [];
  answers = new Map();
  held = new Map();
  revoked = new Set();
  told.length = 0;
});

/** What the page's request gets when it goes through the worker's fetch listener, online. */
async function sendFromPage(key: string, account: string, token: string): Promise<Response> {
  const request = new Request('https://earnest.test/api/task/complete', {
    method: 'POST',
    headers: {
      [IDEMPOTENCY_HEADER]: key,
      [ACCOUNT_HEADER]: account,
      [TOKEN_HEADER]: token,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ task_id: 7 }),
  });
  let answer: Promise<Response> | null = null;
  onFetch?.({ request, respondWith: (response) => (answer = response) });
  if (!answer) throw new Error('the worker let the request pass');
  return answer;
}

const states = async () => (await queueStore.all()).map((entry) => [entry.id, entry.state]);

/** Holds the server's answer to `key` sent with `token` until the function returned lets it go. */
function holdAnswer(key: string, token: string): () => void {
  let release: () => void = () => undefined;
  held.set(`${key}:${token}`, new Promise<void>((resolve) => (release = resolve)));
  return () => release();
}

/** After the first `before` requests, `keys` went out again with `token`, in order, and nothing is left. */
async function expectSentAgain(before: number, token: string, keys: string[]) {
  expect(sent.slice(before)).toEqual(keys.map((key) => ({ key, token })));
  expect(await states()).toEqual([]);
}

describe('a replay', () => {
  it('is marked as one for the server to count, with a request id of its own per attempt', async () => {
    const id = await keep('alice', 'token-a');
    answers.set(id, { status: 503, body: { code: 0, msg: 'busy', data: { error: 'server.error' } } });
    await queueStore.setSession({ account: 'alice', token: 'token-a' });
    await replayQueue();
    await queueStore.change(id, { retryAt: null });
    answers.delete(id);
    await replayQueue();
    expect(headersSent.map((headers) => headers.get(REPLAY_HEADER))).toEqual(['1', '1']);
    const ids = headersSent.map((headers) => headers.get(REQUEST_ID_HEADER));
    expect(ids.every((value) => /^[0-9a-f-]{36}$/.test(value ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('a claim kept without a body', () => {
  it('goes again without one, so no empty text body reaches a route that takes none', async () => {
    const gift = await keep('lena', 'token-l', {
      kind: 'gift.claim',
      body: {},
      url: 'https://earnest.test/api/user/newUserReward',
      bodyText: '',
      contentType: null,
    });
    await replayQueue();
    expect(sent).toEqual([{ key: gift, token: 'token-l' }]);
    expect(bodiesSent).toEqual([null]);
    expect(headersSent[0]?.get('content-type')).toBeNull();
  });
});

describe('the offline queue on a shared device', () => {
  it("replays A's entries with A's session, never with B's who is signed in now", async () => {
    const a = await keep('alice', 'token-a');
    await queueStore.setSession({ account: 'bob', token: 'token-b' });
    await replayQueue();
    expect(sent).toEqual([{ key: a, token: 'token-a' }]);
  });

  it("keeps A's entry for A's next sign-in when A's session was refused, while B's go through", async () => {
    const a = await keep('alice', 'token-a');
    const b = await keep('bob', 'token-b');
    answers.set(a, refusedSession);
    await queueStore.setSession({ account: 'bob', token: 'token-b' });
    await replayQueue();
    expect((await queueStore.all()).map((e) => [e.id, e.state])).toEqual([[a, 'needs_sign_in']]);
    expect(sent.map((s) => s.key)).toEqual([a, b]);

    // Alice signs in again: her entry goes out with her new session, once.
    await queueStore.change(a, { state: 'waiting' });
    answers.delete(a);
    await queueStore.setSession({ account: 'alice', token: 'token-a2' });
    await replayQueue();
    expect(sent.at(-1)).toEqual({ key: a, token: 'token-a2' });
    expect(await queueStore.all()).toEqual([]);
  });

  it("keeps an account's order: a later entry waits behind one that must be retried", async () => {
    const first = await keep('alice', 'token-a');
    const second = await keep('alice', 'token-a');
    answers.set(first, { status: 503, body: null });
    await queueStore.setSession({ account: 'alice', token: 'token-a' });
    await replayQueue();
    expect(sent.map((s) => s.key)).toEqual([first]);
    expect((await queueStore.all()).map((e) => e.id)).toEqual([first, second]);
  });

  it('shows a final refusal with its reason and never shows a token to the pages', async () => {
    const a = await keep('alice', 'token-a');
    answers.set(a, {
      status: 409,
      body: { code: 0, msg: 'A withdrawal is already in progress', data: { error: 'withdraw.in_progress' } },
    });
    await replayQueue();
    const [entry] = await queueStore.all();
    expect(entry && publicView(entry)).toMatchObject({
      state: 'rejected',
      error: { code: 'withdraw.in_progress', message: 'A withdrawal is already in progress' },
    });
    expect(JSON.stringify(told)).not.toContain('token-a');
    expect(told).toContainEqual(expect.objectContaining({ type: 'settled', id: a, outcome: 'rejected' }));
  });
});

describe('an action whose session ended on its way', () => {
  it('is kept for the same account, and goes through once after signing in again', async () => {
    answers.set('k-1', refusedSession);
    const response = await sendFromPage('k-1', 'alice', 'token-a');
    // The page still learns that its session ended, and signs out as it always has.
    expect(response.status).toBe(401);
    expect(await states()).toEqual([['k-1', 'needs_sign_in']]);

    answers.delete('k-1');
    await queueStore.setSession({ account: 'alice', token: 'token-a2' });
    await wakeAccount('alice');
    await replayQueue();
    expect(sent).toEqual([
      { key: 'k-1', token: 'token-a' },
      { key: 'k-1', token: 'token-a2' },
    ]);
    expect(await states()).toEqual([]);
  });

  it('is not kept when the server answered it, whether it credited or refused it for good', async () => {
    answers.set('k-2', {
      status: 409,
      body: { code: 0, msg: 'Already done today', data: { error: 'tasks.not_accepted' } },
    });
    expect((await sendFromPage('k-1', 'alice', 'token-a')).status).toBe(200);
    expect((await sendFromPage('k-2', 'alice', 'token-a')).status).toBe(409);
    expect(await states()).toEqual([]);
  });

  it('goes again with the new session when the user signed in while it was on its way, before later ones', async () => {
    const first = await keep('bob', 'token-b');
    const second = await keep('bob', 'token-b');
    answers.set(first, refusedSession);
    const release = holdAnswer(first, 'token-b');
    await queueStore.setSession({ account: 'bob', token: 'token-b' });
    const pass = replayQueue();
    await vi.waitFor(() => expect(sent).toHaveLength(1));

    // Bob signs in again meanwhile (the page's 'session' message): the server now takes his new token.
    await queueStore.setSession({ account: 'bob', token: 'token-b2' });
    const woken = wakeAccount('bob');
    answers.delete(first);
    release();
    await pass;
    await woken;
    expect(sent).toEqual([
      { key: first, token: 'token-b' },
      { key: first, token: 'token-b2' },
      { key: second, token: 'token-b2' },
    ]);
    expect(await states()).toEqual([]);
  });

  it("holds back the account's later entries, which wait for the same sign-in, and sends them after it in order", async () => {
    const first = await keep('carol', 'token-c');
    await queueStore.change(first, { state: 'needs_sign_in' });
    const second = await keep('carol', 'token-c');
    const others = await keep('dave', 'token-d');
    await queueStore.setSession({ account: 'dave', token: 'token-d' });
    await replayQueue();
    expect(sent).toEqual([{ key: others, token: 'token-d' }]);
    expect(await states()).toEqual([
      [first, 'needs_sign_in'],
      [second, 'needs_sign_in'],
    ]);

    await queueStore.setSession({ account: 'carol', token: 'token-c2' });
    await wakeAccount('carol');
    await replayQueue();
    await expectSentAgain(1, 'token-c2', [first, second]);
  });
});

describe('the order of kept entries', () => {
  it('survives a worker restart after the device clock was set back', async () => {
    const first = await keep('erin', 'token-e');
    vi.resetModules();
    const restarted = (await import('./queue-store.ts')).queueStore;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() - 3_600_000);
    try {
      await restarted.add({
        id: 'later',
        kind: 'task.complete',
        account: 'erin',
        body: {},
        state: 'waiting',
        queuedAt: Date.now(),
        attempts: 0,
        retryAt: null,
        error: null,
        url: 'https://earnest.test/api/task/complete',
        bodyText: '{}',
        contentType: 'application/json',
        token: 'token-e',
      });
    } finally {
      clock.mockRestore();
    }
    expect((await restarted.all()).map((entry) => entry.id)).toEqual([first, 'later']);
  });
});

describe('an account deleted on this device', () => {
  it('leaves nothing behind to be sent', async () => {
    const gone = await keep('frank', 'token-f');
    await queueStore.change(gone, { state: 'needs_sign_in' });
    const others = await keep('grace', 'token-g');
    answers.set(others, { status: 503, body: null });
    await fromPage({ type: 'forget_account', account: 'frank' });
    expect((await queueStore.all()).map((entry) => entry.id)).toEqual([others]);

    // Nothing of it is left to wake, whatever session comes next under its name.
    await fromPage({ type: 'session', account: 'frank', token: 'token-f2' });
    expect(sent.filter((request) => request.key === gone)).toEqual([]);
  });
});

describe('an account deleted on another device', () => {
  it('is forgotten when a replay meets it, with every entry kept for it, while other accounts go on', async () => {
    const gone = await keep('olga', 'token-o');
    const later = await keep('olga', 'token-o');
    const others = await keep('petra', 'token-p');
    answers.set(gone, {
      status: 401,
      body: { code: 0, msg: 'Deleted', data: { error: 'auth.account_deleted' } },
    });
    await fromPage({ type: 'session', account: 'petra', token: 'token-p' });
    await replayQueue();
    expect(sent.map((request) => request.key)).toEqual([gone, others]);
    expect(sent.some((request) => request.key === later)).toBe(false);
    expect(await queueStore.all()).toEqual([]);
  });
});

describe('a sign-in', () => {
  it("that comes while a pass is marking the account's later entries still sends them all, in order", async () => {
    const first = await keep('hana', 'token-h');
    const between = await keep('ivan', 'token-i');
    const second = await keep('hana', 'token-h');
    answers.set(first, refusedSession);
    const release = holdAnswer(between, 'token-i');
    await queueStore.setSession({ account: 'ivan', token: 'token-i' });
    const pass = replayQueue();
    // Hana's first entry met her ended session; the pass is now on Ivan's, before it reaches her second.
    await vi.waitFor(() => expect(sent.map((s) => s.key)).toEqual([first, between]));

    // Hana signs in again on this device while the pass still thinks she is signed out.
    answers.delete(first);
    const woken = fromPage({ type: 'session', account: 'hana', token: 'token-h2' });
    release();
    await pass;
    await woken;
    await expectSentAgain(2, 'token-h2', [first, second]);
  });
});

describe('an account named anew on this device', () => {
  it('takes what the device kept under its former name, and only that, and sends it with its session', async () => {
    const former = await keep('judy', 'token-j');
    await queueStore.change(former, { state: 'needs_sign_in' });
    const other = await keep('kim', 'token-k');
    await queueStore.change(other, { state: 'needs_sign_in' });
    await fromPage({ type: 'session', account: 'account-id-judy', token: 'token-j2' });
    expect(sent).toEqual([]);

    await fromPage({ type: 'refile_account', from: 'judy', to: 'account-id-judy', since: 0 });
    expect(sent).toEqual([{ key: former, token: 'token-j2' }]);
    expect((await queueStore.all()).map((entry) => [entry.account, entry.state])).toEqual([
      ['kim', 'needs_sign_in'],
    ]);
  });
});

describe('an account named anew after its session ended', () => {
  it('takes at its next sign-in what was kept under its username since it was created, never what an account of that name kept before', async () => {
    // An account deleted elsewhere left this under the name; the account of that name now was made later.
    const before = await keep('amina', 'token-old', { queuedAt: 1_000 });
    await queueStore.change(before, { state: 'needs_sign_in' });
    const hers = await keep('amina', 'token-a', { queuedAt: 5_000 });
    await queueStore.change(hers, { state: 'needs_sign_in' });

    await fromPage({ type: 'session', account: 'id-amina', token: 'token-a2' });
    await fromPage({ type: 'refile_account', from: 'amina', to: 'id-amina', since: 3_000 });
    expect(sent).toEqual([{ key: hers, token: 'token-a2' }]);
    expect((await queueStore.all()).map((entry) => [entry.id, entry.account, entry.state])).toEqual([
      [before, 'amina', 'needs_sign_in'],
    ]);
  });
});

describe('an account named anew while a pass runs', () => {
  it('has its entries under the new name at once, so a new action of the page queues behind them', async () => {
    const other = await keep('zed', 'token-z');
    const older = await keep('amina', 'token-a', { attempts: 6, retryAt: Date.now() + retryDelayMs(6) });
    await queueStore.setSession({ account: 'amina', token: 'token-a' });
    const release = holdAnswer(other, 'token-z');
    const pass = replayQueue();
    await vi.waitFor(() => expect(sent.map((s) => s.key)).toEqual([other]));

    // The page names the session by the account's id and files what it kept under the new name.
    const told = Promise.all([
      fromPage({ type: 'session', account: 'id-amina', token: 'token-a' }),
      fromPage({ type: 'refile_account', from: 'amina', to: 'id-amina', since: 0 }),
    ]);
    await vi.waitFor(async () =>
      expect((await queueStore.all()).find((entry) => entry.id === older)?.account).toBe('id-amina'),
    );
    const response = await sendFromPage('k-new', 'id-amina', 'token-a');
    expect(response.status).toBe(202);

    release();
    await pass;
    await told;
    expect(sent.map((s) => s.key)).toEqual([other]);
    expect((await queueStore.all()).map((entry) => [entry.id, entry.account])).toEqual([
      [older, 'id-amina'],
      ['k-new', 'id-amina'],
    ]);
  });
});

describe('a server that is busy while the app is closed', () => {
  const busy = { status: 503, body: null };

  it('fails the sync event while an entry waits for a retry, so the browser tries again later', async () => {
    const id = await keep('amina', 'token-a');
    answers.set(id, busy);
    expect(await syncEvent()).toBe('rejected');
    expect(await states()).toEqual([[id, 'waiting']]);
    // The browser's next try, once the server is back; the wait for the retry has passed by then.
    answers.delete(id);
    await queueStore.change(id, { retryAt: Date.now() - 1 });
    expect(await syncEvent()).toBe('resolved');
    expect(await states()).toEqual([]);
  });

  it('sends an entry that waits for its retry at once when the user asks to try now', async () => {
    const id = await keep('amina', 'token-a');
    answers.set(id, busy);
    await replayQueue();
    answers.delete(id);
    await replayQueue();
    expect(sent.map((s) => s.key)).toEqual([id]);
    await fromPage({ type: 'replay', now: true });
    expect(sent.map((s) => s.key)).toEqual([id, id]);
    expect(await states()).toEqual([]);
  });

  it('tells the pages whose entry settled', async () => {
    const id = await keep('amina', 'token-a');
    await replayQueue();
    expect(told).toContainEqual(
      expect.objectContaining({ type: 'settled', id, account: 'amina', outcome: 'done' }),
    );
  });
});

describe('a device whose storage cannot be read', () => {
  it('still sends an online action to the server, instead of failing it', async () => {
    const read = vi.spyOn(queueStore, 'all').mockRejectedValueOnce(new Error('UnknownError: Internal error'));
    const response = await sendFromPage('k-storage', 'amina', 'token-a');
    read.mockRestore();
    expect(response.status).toBe(200);
    expect(sent.map((s) => s.key)).toEqual(['k-storage']);
  });
});

describe('two tabs, one of which signed out', () => {
  it('replays what waits for a sign-in with the session an action of the other tab carries', async () => {
    const held = await keep('amina', 'token-old', { state: 'needs_sign_in' });
    // The other tab signed out last: the worker knows no session.
    await queueStore.setSession({ account: null, token: null });
    const response = await sendFromPage('k-new', 'amina', 'token-new');
    expect(response.status).toBe(202);
    await vi.waitFor(async () => expect(await states()).toEqual([]));
    expect(sent).toEqual([
      { key: held, token: 'token-new' },
      { key: 'k-new', token: 'token-new' },
    ]);
  });

  it('keeps the session it knows for the account when a stale tab sends with an older one', async () => {
    await queueStore.setSession({ account: 'amina', token: 'token-new' });
    await sendFromPage('k-stale', 'amina', 'token-old');
    expect(await queueStore.session()).toEqual({ account: 'amina', token: 'token-new' });
  });
});

describe('a replay whose answer never comes', () => {
  it('is given up after its timeout and retried with its backoff, so the pass ends and a sign-in meanwhile is handled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const stuck = await keep('amina', 'token-a');
      const later = await keep('amina', 'token-a');
      const hers = await keep('carol', 'token-c', { state: 'needs_sign_in' });
      holdAnswer(stuck, 'token-a');
      await queueStore.setSession({ account: 'amina', token: 'token-a' });
      const pass = replayQueue();
      await vi.waitFor(() => expect(sent).toHaveLength(1));

      // Carol signs in on this device while the answer is still awaited.
      const signedIn = fromPage({ type: 'session', account: 'carol', token: 'token-c2' });
      await vi.advanceTimersByTimeAsync(REPLAY_TIMEOUT_MS);
      await pass;
      await signedIn;
      // Neither offline nor refused: the entry waits for its retry, and Amina's later one behind it.
      expect(sent).toEqual([
        { key: stuck, token: 'token-a' },
        { key: hers, token: 'token-c2' },
      ]);
      const [first, second] = await queueStore.all();
      expect([first?.id, first?.state, first?.attempts, second?.id, second?.state]).toEqual([
        stuck,
        'waiting',
        1,
        later,
        'waiting',
      ]);
      expect(first?.retryAt).toBeGreaterThan(Date.now());
      expect(first?.retryAt).toBeLessThanOrEqual(Date.now() + retryDelayMs(1));

      // The server answers now: after the backoff, the same key goes again, then the later one.
      held.clear();
      await vi.advanceTimersByTimeAsync(retryDelayMs(1));
      await vi.waitFor(async () => expect(await states()).toEqual([]));
      expect(sent.slice(2)).toEqual([
        { key: stuck, token: 'token-a' },
        { key: later, token: 'token-a' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a device clock set right after a failed replay', () => {
  const busy = { status: 503, body: null };
  const day = 24 * 60 * 60_000;

  it("holds the account's entries for their backoff only, not for as long as the clock was wrong", async () => {
    const first = await keep('amina', 'token-a');
    const second = await keep('amina', 'token-a');
    answers.set(first, busy);
    const now = Date.now();
    // A day fast when the server was busy.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + day);
    try {
      await replayQueue();
      answers.delete(first);
      // Still within its backoff on that clock: it waits.
      await replayQueue();
      expect(sent.map((s) => s.key)).toEqual([first]);
    } finally {
      clock.mockRestore();
    }
    // The clock is right again: a retry a day away is the wrong clock's, the backoff is long over.
    await replayQueue();
    expect(sent.map((s) => s.key)).toEqual([first, first, second]);
    expect(await states()).toEqual([]);
  });
});

describe('a session a stale tab reported after another tab signed in again', () => {
  it('is forgotten once a replay with it is refused, so the next action takes the live one and what waited goes with it', async () => {
    revoked.add('token-1');
    // Tab 1 signed in again; tab 2 had kept an action, offline, with the session since ended.
    await fromPage({ type: 'session', account: 'amina', token: 'token-2' });
    const kept = await keep('amina', 'token-1');
    // Tab 2's report of its session comes last: the replay goes with it and is refused.
    await fromPage({ type: 'session', account: 'amina', token: 'token-1' });
    expect(await states()).toEqual([[kept, 'needs_sign_in']]);
    expect(await queueStore.session()).toEqual({ account: 'amina', token: null });

    // Tab 1's next action carries the live session: it is taken, and both go with it, in order.
    expect((await sendFromPage('k-new', 'amina', 'token-2')).status).toBe(202);
    await vi.waitFor(async () => expect(await states()).toEqual([]));
    expect(sent).toEqual([
      { key: kept, token: 'token-1' },
      { key: kept, token: 'token-2' },
      { key: 'k-new', token: 'token-2' },
    ]);
    expect(await queueStore.session()).toEqual({ account: 'amina', token: 'token-2' });
  });

  it("is forgotten too when the stale tab's own action is refused with it", async () => {
    revoked.add('token-1');
    await fromPage({ type: 'session', account: 'amina', token: 'token-2' });
    await fromPage({ type: 'session', account: 'amina', token: 'token-1' });
    expect((await sendFromPage('k-stale', 'amina', 'token-1')).status).toBe(401);

    expect((await sendFromPage('k-new', 'amina', 'token-2')).status).toBe(202);
    await vi.waitFor(async () => expect(await states()).toEqual([]));
    expect(sent).toEqual([
      { key: 'k-stale', token: 'token-1' },
      { key: 'k-stale', token: 'token-2' },
      { key: 'k-new', token: 'token-2' },
    ]);
  });

  it("keeps a session the page reported since, and another account's", async () => {
    const hers = await keep('amina', 'token-1');
    answers.set(hers, refusedSession);
    await queueStore.setSession({ account: 'bob', token: 'token-b' });
    await replayQueue();
    expect(await queueStore.session()).toEqual({ account: 'bob', token: 'token-b' });

    // A refusal that comes back after the page reported a new session leaves the new one.
    await queueStore.setSession({ account: 'amina', token: 'token-2' });
    await queueStore.forgetToken('amina', 'token-1');
    expect(await queueStore.session()).toEqual({ account: 'amina', token: 'token-2' });
  });
});
