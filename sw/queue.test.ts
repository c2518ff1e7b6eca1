import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, REQUEST_ID_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { REPLAY_HEADER, type WorkerMessage } from '#contract/sync.ts';

// The worker's globals, as far as the queue uses them: the pages it tells, and the network.
const told: WorkerMessage[] = [];
Object.assign(globalThis, {
  self: {
    clients: { matchAll: async () => [{ postMessage: (message: WorkerMessage) => told.push(message) }] },
  },
});
const { queueStore, publicView } = await import('./queue-store.ts');
const { replayQueue } = await import('./queue-replay.ts');

interface Sent {
  key: string | null;
  token: string | null;
}
let sent: Sent[] = [];
/** The headers of every replay sent, in order. */
let headersSent: Headers[] = [];
/** The server's answer to each replay, by Idempotency-Key; a success unless told otherwise. */
let answers = new Map<string, { status: number; body: unknown }>();
vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
  const headers = new Headers(init.headers);
  headersSent.push(headers);
  const key = headers.get(IDEMPOTENCY_HEADER);
  sent.push({ key, token: headers.get(TOKEN_HEADER) });
  const answer = answers.get(key ?? '') ?? { status: 200, body: { code: 1, msg: 'ok', data: {} } };
  return new Response(JSON.stringify(answer.body), { status: answer.status });
});

const refusedSession = {
  status: 401,
  body: { code: 0, msg: 'Login expired', data: { error: 'auth.session_expired' } },
};

let made = 0;
async function keep(account: string, token: string) {
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
  });
  return id;
}

beforeEach(async () => {
  for (const entry of await queueStore.all()) await queueStore.remove(entry.id);
  await queueStore.setSession({ account: null, token: null });
  sent = [];
  headersSent = [];
  answers = new Map();
  told.length = 0;
});

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
