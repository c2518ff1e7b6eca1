import type { ErrorCode } from './errors.ts';
import { RESULT } from './result-codes.ts';
import { API } from './paths.ts';
import type { PushNotice, PushTexts } from './push-notice.ts';

/**
 * The offline queue (docs/product-rules.md#sync-rule): which requests the service worker may keep and replay, what a
 * replay's answer means, and the messages the page and the worker exchange about it.
 */

/** The money-moving POSTs that can wait for the network, by path. */
export const QUEUEABLE = {
  [API.taskComplete]: 'task.complete',
  [API.claimInterest]: 'interest.claim',
  [API.newUserReward]: 'gift.claim',
  [API.adComplete]: 'ad.complete',
} as const satisfies Record<string, string>;

export type QueuedKind = (typeof QUEUEABLE)[keyof typeof QUEUEABLE];

export function queuedKindOf(path: string): QueuedKind | null {
  return Object.hasOwn(QUEUEABLE, path) ? QUEUEABLE[path as keyof typeof QUEUEABLE] : null;
}

/**
 * Names the account a queued request belongs to, so that on a shared device one user's queue is never
 * replayed with another user's session. The server ignores it.
 */
export const ACCOUNT_HEADER = 'x-earnest-account';

/** Marks a request the service worker replays from its queue (the server counts them). */
export const REPLAY_HEADER = 'x-earnest-replay';

/** The worker's answer to the page when it kept a request instead of sending it. */
export const QUEUED_STATUS = 202;
export const QUEUED_ERROR = 'sync.queued';

/** Where an entry stands: waiting for the network, waiting for a sign-in, or refused for good. */
export type QueuedState = 'waiting' | 'needs_sign_in' | 'rejected';

/** What the page is told about one queued action. */
export interface QueuedAction {
  id: string;
  kind: QueuedKind;
  account: string;
  /** The request's JSON body, e.g. `{ task_id }`, so the screen can say which task is waiting. */
  body: Record<string, unknown>;
  state: QueuedState;
  queuedAt: number;
  attempts: number;
  /** When a refused replay (429, 5xx, ...) may be tried again; null when the network decides. */
  retryAt: number | null;
  /** For a rejected entry: the catalogue code and the server's message. */
  error: { code: string; message: string } | null;
}

/** What the worker does with an entry after one replay attempt. */
export type ReplayVerdict = 'done' | 'needs_sign_in' | 'retry' | 'rejected';

/** What a replay's answer says: its HTTP status, the envelope's business code and catalogue code. */
export interface ReplayAnswer {
  status: number;
  code: number | null;
  error: string | null;
}

/** Refusals that mean "not now" rather than "no": the same request may go through later. */
const TRY_AGAIN: ReadonlySet<string> = new Set<ErrorCode>([
  'request.in_flight',
  'request.rate_limited',
  'server.error',
]);
/**
 * Refusals of the session itself, each saying why (no session; it expired; another device signed it
 * out, changed the password or deleted the account): the entry waits for the same account to sign
 * in again (the page drops a deleted account's), and the entry page says which (its `notice` is the
 * code without `auth.`).
 */
export const SESSION_ENDS = [
  'auth.login_required',
  'auth.session_expired',
  'auth.signed_out_elsewhere',
  'auth.password_changed',
  'auth.account_deleted',
  'auth.account_banned',
] as const satisfies readonly ErrorCode[];
export type SessionEndCode = (typeof SESSION_ENDS)[number];
export type SessionNotice = SessionEndCode extends `auth.${infer Notice}` ? Notice : never;
/** The entry page's notice for a refused session: the code without `auth.`. */
export const sessionNotice = (code: SessionEndCode) => code.slice('auth.'.length) as SessionNotice;
export const SESSION_NOTICES = SESSION_ENDS.map(sessionNotice);

const SIGN_IN_AGAIN: ReadonlySet<string> = new Set<string>(SESSION_ENDS);

/** Whether a refusal is one of the session's own. */
export function isSessionEnd(error: string | null): error is SessionEndCode {
  return error !== null && SIGN_IN_AGAIN.has(error);
}

/**
 * The replay rules, decided on the error code the server sent, not on the bare HTTP status (the
 * catalogue also uses 409 and 429 for refusals that are final): success (or the stored first
 * response, which the server sends as a success, or word that it was carried out before) is done; a refused session waits for a sign-in; a
 * request still in flight, a rate limit and a server failure are retried; any other catalogue
 * refusal is final and shown to the user. An answer without a catalogue code is not the server's own
 * (a proxy, a captive portal, a server falling over): timeouts, rate limits and 5xx are retried, other
 * 4xx are final. Workbox's stock queue treats every answer as done, which silently drops refusals.
 */
export function replayVerdict({ status, code, error }: ReplayAnswer): ReplayVerdict {
  if (status === 401 || code === RESULT.loginRequired || isSessionEnd(error)) return 'needs_sign_in';
  if (status >= 200 && status < 300 && code === RESULT.ok) return 'done';
  // Carried out when it was first sent, its stored answer since forgotten: it was credited then, so
  // it is done, not "not accepted, nothing was credited".
  if (error === 'request.done_before') return 'done';
  if (error !== null) return TRY_AGAIN.has(error) ? 'retry' : 'rejected';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  if (status >= 400) return 'rejected';
  // A 2xx that is not a success envelope (a captive portal's page, say) is not the server's answer.
  return 'retry';
}

/** The parts of the server's answer the replay rules read; anything else (a proxy's page) reads as none. */
export function readEnvelope(body: unknown): { code: number | null; error: string | null; message: string } {
  if (typeof body !== 'object' || body === null) return { code: null, error: null, message: '' };
  const envelope = body as { code?: unknown; msg?: unknown; data?: { error?: unknown } };
  return {
    code: typeof envelope.code === 'number' ? envelope.code : null,
    error: typeof envelope.data?.error === 'string' ? envelope.data.error : null,
    message: typeof envelope.msg === 'string' ? envelope.msg : '',
  };
}

/** Backoff before retrying a refused replay: 2 s doubling to 5 minutes, so a busy server recovers. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}

/** Messages from the page to the service worker. */
export type PageMessage =
  /** Sent by workbox-window when the user accepts an update. */
  | { type: 'SKIP_WAITING' }
  /** The device's session, so queued entries that met a refused session can be replayed. */
  | { type: 'session'; account: string | null; token: string | null }
  /**
   * The app is open and online: replay what is due (for browsers without Background Sync); `now`
   * (the user's "try now") also sends what waits for its next retry.
   */
  | { type: 'replay'; now?: boolean }
  /** Ask for the current queue. */
  | { type: 'queue' }
  /** The user has read a rejection; forget it. */
  | { type: 'dismiss'; id: string }
  /** The account was deleted on this device: what it kept for it can never be sent. */
  | { type: 'forget_account'; account: string }
  /**
   * The signed-in account is named `to` now and was `from` on this device (before accounts had their
   * lasting id, the device named them by their username). What was kept under `from` since `since`
   * (epoch ms, the account's creation) is this account's: a username belongs to one account at a time,
   * and what was kept before the account existed was another's, one since deleted. Without `since`
   * (a page of an earlier release), everything under `from` is.
   */
  | { type: 'refile_account'; from: string; to: string; since?: number }
  /** Texts the worker shows, in the page's language (it has no catalogs of its own). */
  | { type: 'texts'; newMessage: string; kinds: PushTexts };

/** Messages from the service worker to the page. */
export type WorkerMessage =
  | { type: 'queue'; items: QueuedAction[] }
  /** An entry settled; `account` is whose it was (another account's is not this user's news). */
  | { type: 'settled'; id: string; account: string; kind: QueuedKind; outcome: 'done' | 'rejected' }
  /** A push that arrived while a page was in the foreground: the page shows it as a banner. */
  | { type: 'push'; notice: PushNotice }
  /** The notification task's test push reached this device and the worker acknowledged it. */
  | { type: 'pushTestArrived' };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  if (typeof value !== 'object' || value === null || !('type' in value)) return false;
  return ['queue', 'settled', 'push', 'pushTestArrived'].includes(String(value.type));
}

export function isPageMessage(value: unknown): value is PageMessage {
  if (typeof value !== 'object' || value === null || !('type' in value)) return false;
  return [
    'SKIP_WAITING',
    'session',
    'replay',
    'queue',
    'dismiss',
    'forget_account',
    'refile_account',
    'texts',
  ].includes(String(value.type));
}
