import {
  ACCOUNT_HEADER,
  isSessionEnd,
  readEnvelope,
  REPLAY_HEADER,
  replayVerdict,
  retryDelayMs,
} from '#contract/sync.ts';
import { IDEMPOTENCY_HEADER, REQUEST_ID_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { publishQueue, tellPages } from './clients.ts';
import { queueStore, type QueueEntry } from './queue-store.ts';

/** How a replay pass ended: whether anything is still waiting for the network or a retry. */
export interface ReplayPass {
  sent: number;
  stillWaiting: number;
  offline: boolean;
}

/**
 * How long a replay waits for its answer. Every trigger (a sign-in, a new action, the sync event)
 * waits for the pass that is running, so an answer that never comes must not hold the pass: the
 * entry is retried with its backoff instead, which its Idempotency-Key makes safe.
 */
export const REPLAY_TIMEOUT_MS = 30_000;

let running: Promise<ReplayPass> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/**
 * Changes the page asks for (a sign-in, an account's new name), made between two passes, never
 * during one: a pass that met the old session would otherwise mark the account's later entries as
 * waiting for a sign-in that has already happened, and they would wait for the next one.
 */
const chores: (() => Promise<void>)[] = [];

/**
 * Replays the kept requests, oldest first, one pass at a time (a trigger during a pass runs one more
 * pass after it). Each account's entries keep their order: once one of them must wait, the later
 * ones wait too, so an interest claim never overtakes the task completions it depends on.
 */
export function replayQueue(): Promise<ReplayPass> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let pass: ReplayPass;
    do {
      again = false;
      await doChores();
      pass = await replayOnce();
    } while (again && !pass.offline);
    // What came during the last pass is still done now, for the next one.
    await doChores();
    return pass;
  })().finally(() => {
    running = null;
  });
  return running;
}

async function doChores() {
  for (let chore = chores.shift(); chore; chore = chores.shift()) await chore();
}

function betweenPasses(chore: () => Promise<void>): Promise<ReplayPass> {
  chores.push(chore);
  return replayQueue();
}

/** The user asked to send now: what waits for its next retry goes in this pass. */
export function replayNowAsked(): Promise<ReplayPass> {
  return betweenPasses(async () => {
    for (const entry of await queueStore.all()) {
      if (entry.state === 'waiting' && entry.retryAt !== null)
        await queueStore.change(entry.id, { retryAt: null });
    }
  });
}

/**
 * A page sent an action with this session while the worker knows none for the account: another tab
 * told it last that nobody (or another account) is signed in, as the worker keeps one session for
 * every tab, or the server ended the one it had (`forgetRefusedToken`). The page's is taken, and what
 * the account kept for a sign-in goes again with it; if that session is no good either, the entries
 * wait again and the page that holds it signs out. A session the worker already has for the account
 * is kept: a stale tab's older one does not replace it.
 */
export async function adoptSession(account: string, token: string): Promise<void> {
  const now = await queueStore.session();
  if (now.account === account && now.token !== null) return;
  void betweenPasses(async () => {
    await queueStore.setSession({ account, token });
    await wake(account);
  });
}

/**
 * The server ended the session `token` of `account` (`isSessionEnd`). If it is the one the worker
 * holds, the worker forgets it and keeps the account: a stale tab may have reported it after another
 * tab signed in again, and while the worker held it, it would replay the account's entries with it
 * and refuse the live session the pages' next actions carry (`adoptSession`), so that every later
 * action waited for a sign-in that had already happened.
 */
export async function forgetRefusedToken(account: string, token: string | null, error: string | null) {
  if (token !== null && isSessionEnd(error)) await queueStore.forgetToken(account, token);
}

/** After a sign-in on this device, the account's entries that met a refused session go again. */
export function wakeAccount(account: string): Promise<ReplayPass> {
  return betweenPasses(() => wake(account));
}

/**
 * The signed-in account, named `from` on this device until now, is named `to` (src/contract/sync.ts,
 * `refile_account`): its entries kept since `since` are filed under `to` at once, so that the page,
 * which already uses the new name, sees them and queues a new action behind them. Those that waited
 * for a sign-in go again after the pass running now, as a sign-in's do (`wakeAccount`). A pass
 * running now goes on with the names it read; what it does to an entry keeps the new name.
 */
export async function refileAccount(from: string, to: string, since: number): Promise<ReplayPass> {
  if ((await queueStore.refile(from, to, since)) > 0) await publishQueue();
  return betweenPasses(() => wake(to));
}

async function wake(account: string) {
  for (const entry of await queueStore.all()) {
    if (entry.account === account && entry.state === 'needs_sign_in') {
      await queueStore.change(entry.id, { state: 'waiting', retryAt: null });
    }
  }
}

async function replayOnce(): Promise<ReplayPass> {
  const session = await queueStore.session();
  const held: Held = { blocked: new Set(), signedOut: new Set() };
  let sent = 0;
  let offline = false;
  let soonestRetry = Infinity;

  for (const entry of await queueStore.all()) {
    if (entry.state === 'needs_sign_in') {
      held.signedOut.add(entry.account);
      held.blocked.add(entry.account);
      continue;
    }
    if (entry.state !== 'waiting') continue;
    if (held.signedOut.has(entry.account)) {
      // Behind one that waits for a sign-in: it would meet the same ended session, so it waits too.
      await queueStore.change(entry.id, { state: 'needs_sign_in' });
      continue;
    }
    if (held.blocked.has(entry.account)) continue;
    const retryAt = waitsUntil(entry);
    if (retryAt !== null) {
      held.blocked.add(entry.account);
      soonestRetry = Math.min(soonestRetry, retryAt);
      continue;
    }
    const token = session.account === entry.account && session.token ? session.token : entry.token;
    const answer = await send(entry, token);
    if (answer === 'offline') {
      // No network: nothing later can get through either. The entry keeps its place.
      offline = true;
      break;
    }
    sent += 1;
    if (answer === 'timed_out') {
      // The server may have carried it out or not: the same key goes again after the backoff, as for
      // a busy server. A slow answer is not a lost network: the other accounts' entries still go.
      await retryLater(entry, held.blocked);
    } else {
      await settle(entry, answer.status, answer.body, held, token);
    }
    if (entry.retryAt !== null) soonestRetry = Math.min(soonestRetry, entry.retryAt);
  }

  const remaining = (await queueStore.all()).filter((e) => e.state === 'waiting');
  scheduleRetry(offline ? Infinity : soonestRetry);
  await publishQueue();
  return { sent, stillWaiting: remaining.length, offline };
}

/**
 * When an entry waiting for its retry may go, or null when it may go now. `retryAt` is the device's
 * clock at the failure plus the backoff delay: a retry further off than that delay means the clock
 * was set back since (it was fast, then set right), and the entry goes now rather than wait for as
 * long as the clock was wrong.
 */
function waitsUntil({ retryAt, attempts }: QueueEntry): number | null {
  if (retryAt === null) return null;
  const wait = retryAt - Date.now();
  return wait <= 0 || wait > retryDelayMs(attempts) ? null : retryAt;
}

/** One replay of an entry: the server's answer, or why there is none. */
async function send(
  entry: QueueEntry,
  token: string | null,
): Promise<{ status: number; body: unknown } | 'offline' | 'timed_out'> {
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, REPLAY_TIMEOUT_MS);
  try {
    const response = await fetch(entry.url, {
      method: 'POST',
      headers: headersFor(entry, token),
      // A request kept without a body (a gift claim, a watched ad) goes again without one: an
      // empty string would be sent as text/plain, which the route's schema does not take.
      body: entry.bodyText === '' ? null : entry.bodyText,
      credentials: 'same-origin',
      signal: abort.signal,
    });
    // A body cut off by the timeout reads as none, which the replay rules retry unless the status
    // alone decides.
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return timedOut ? 'timed_out' : 'offline';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The accounts whose later entries wait in this pass: `blocked` behind a retry or a sign-in,
 * `signedOut` behind a sign-in only.
 */
interface Held {
  blocked: Set<string>;
  signedOut: Set<string>;
}

async function settle(
  entry: QueueEntry,
  status: number,
  body: unknown,
  { blocked, signedOut }: Held,
  tokenSent: string | null,
): Promise<void> {
  const { code, error, message } = readEnvelope(body);
  switch (replayVerdict({ status, code, error })) {
    case 'done':
      await queueStore.remove(entry.id);
      await tellPages({
        type: 'settled',
        id: entry.id,
        account: entry.account,
        kind: entry.kind,
        outcome: 'done',
      });
      return;
    case 'needs_sign_in': {
      blocked.add(entry.account);
      if (error === 'auth.account_deleted') {
        // Gone for good (deleted on another device): no sign-in can ever send what was kept for it,
        // so none is promised. The page drops them too when it meets the same answer.
        await queueStore.forgetAccount(entry.account);
        return;
      }
      // Kept, not dropped: it goes through once the user signs in again on this device.
      const now = await queueStore.session();
      if (now.account === entry.account && now.token !== null && now.token !== tokenSent) {
        // The user signed in while this one was on its way with the old session: it goes again in
        // the next pass, before the account's later entries.
        again = true;
        return;
      }
      signedOut.add(entry.account);
      await queueStore.change(entry.id, { state: 'needs_sign_in' });
      await forgetRefusedToken(entry.account, tokenSent, error);
      return;
    }
    case 'retry':
      await retryLater(entry, blocked);
      return;
    case 'rejected':
      await queueStore.change(entry.id, {
        state: 'rejected',
        attempts: entry.attempts + 1,
        retryAt: null,
        error: { code: error ?? 'server.error', message },
      });
      await tellPages({
        type: 'settled',
        id: entry.id,
        account: entry.account,
        kind: entry.kind,
        outcome: 'rejected',
      });
      return;
  }
}

/** The entry goes again after its backoff; the account's later entries wait behind it. */
async function retryLater(entry: QueueEntry, blocked: Set<string>): Promise<void> {
  blocked.add(entry.account);
  const attempts = entry.attempts + 1;
  entry.retryAt = Date.now() + retryDelayMs(attempts);
  await queueStore.change(entry.id, { attempts, retryAt: entry.retryAt });
}

function headersFor(entry: QueueEntry, token: string | null): Headers {
  const headers = new Headers({
    [IDEMPOTENCY_HEADER]: entry.id,
    [ACCOUNT_HEADER]: encodeURIComponent(entry.account),
    // Counted apart by the server (its metrics), and each attempt gets its own id in the log.
    [REPLAY_HEADER]: '1',
    [REQUEST_ID_HEADER]: crypto.randomUUID(),
  });
  if (entry.contentType) headers.set('content-type', entry.contentType);
  if (token) headers.set(TOKEN_HEADER, token);
  return headers;
}

// While the worker is alive it retries refused replays itself; the page and the sync event also wake it.
function scheduleRetry(at: number) {
  clearTimeout(retryTimer);
  if (!Number.isFinite(at)) return;
  retryTimer = setTimeout(() => void replayQueue(), Math.max(0, at - Date.now()));
}
