import { z } from 'zod/mini';
import { EnvelopeCodeSchema, FailureSchema, RESULT } from '#contract/envelope.ts';
import { isErrorCode, type ErrorCode } from '#contract/errors.ts';
import { BOT_TOKEN_HEADER, IDEMPOTENCY_HEADER, REQUEST_ID_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import {
  ACCOUNT_HEADER,
  isSessionEnd,
  sessionNotice,
  QUEUED_ERROR,
  QUEUED_STATUS,
  type SessionEndCode,
} from '#contract/sync.ts';
import { connectivity } from './connectivity.ts';
import { forgetEarlyAnswers, takeEarlyAnswer } from './early-requests.ts';
import { firstScreenPainting } from './first-paint.ts';
import { noteServerDate } from './server-clock.ts';
import { session } from './session.ts';

/**
 * Outcomes only the app can see: the request never got an answer, or the service worker kept it to
 * send when the connection is back (docs/product-rules.md#sync-rule) — which is not a success until the server confirms.
 */
export type ClientErrorCode = 'network.failed' | typeof QUEUED_ERROR;

export type AppErrorCode = ErrorCode | ClientErrorCode;

/** A request that did not succeed, named by a catalogue code the UI can translate. */
export class ApiError extends Error {
  readonly code: AppErrorCode;
  readonly status: number | null;
  readonly detail: Record<string, unknown>;

  constructor(code: AppErrorCode, status: number | null, detail: Record<string, unknown> = {}) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.detail = detail;
  }
}

/** Whether the service worker kept the request to send later: waiting to sync, not credited. */
export function isQueued(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === QUEUED_ERROR;
}

/** A fresh Idempotency-Key for one user action. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export type SessionEndReason = SessionEndCode;

type SessionEndListener = (reason: SessionEndReason, account: string | null) => void;
const sessionEndListeners = new Set<SessionEndListener>();

/** Tells the shell (and the offline queue) when the server no longer accepts this device's session, and whose it was. */
export function onSessionEnded(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

interface SendOptions {
  method?: 'get' | 'post';
  json?: unknown;
  searchParams?: Record<string, string>;
  headers?: Record<string, string>;
}

// A phone on a slow link gets a generous timeout rather than none.
const TIMEOUT_MS = 30_000;

/**
 * One fetch with this device's session and a fresh request id. Not retried: money-moving calls must
 * not be repeated blindly; retries are the sync queue's business.
 */
async function send(
  path: string,
  token: string | null,
  { method = 'get', json, searchParams, headers = {} }: SendOptions = {},
): Promise<Response> {
  const query = searchParams ? `?${new URLSearchParams(searchParams).toString()}` : '';
  if (method === 'get') {
    const early = takeEarlyAnswer(path + query, token);
    if (early) return early;
    const painting = firstScreenPainting();
    if (painting) await painting;
  } else {
    forgetEarlyAnswers();
  }
  const response = await fetch(path + query, {
    method: method.toUpperCase(),
    headers: {
      ...headers,
      ...(token ? { [TOKEN_HEADER]: token } : {}),
      // One id per request, echoed by the server and in its log: what a support question can quote.
      [REQUEST_ID_HEADER]: crypto.randomUUID(),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  noteServerDate(response.headers.get('date'));
  return response;
}

/** The key, and the account the service worker files the request under if it has to keep it. */
function idempotentHeaders(key: string): Record<string, string> {
  const account = session.account();
  return account
    ? { [IDEMPOTENCY_HEADER]: key, [ACCOUNT_HEADER]: encodeURIComponent(account) }
    : { [IDEMPOTENCY_HEADER]: key };
}

interface RequestOptions extends Omit<SendOptions, 'headers'> {
  /** Money-moving calls carry the key made when the user acted, so a retry is credited once. */
  idempotencyKey?: string;
  /** The bot challenge's token, for the calls that need one. */
  botToken?: string | null;
}

/** Fetches a file the API serves (a download), with the session; null when it could not be had. */
export async function apiDownload(path: string): Promise<Blob | null> {
  try {
    const response = await send(path, session.token());
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

/**
 * Sends one API call and returns its `data`, checked against the contract's schema. Every failure
 * becomes an ApiError; a refused session also signs this device out (docs/product-rules.md#api-conventions).
 */
export async function apiRequest<S extends z.core.$ZodType<{ data: unknown }>>(
  path: string,
  schema: S,
  { method = 'get', json, searchParams, idempotencyKey, botToken }: RequestOptions = {},
): Promise<z.output<S>['data']> {
  // The session the request goes out with: an answer that arrives after a sign-out or another
  // sign-in speaks of that session, not of the one the device holds by then.
  const token = session.token();
  let response: Response;
  try {
    response = await send(path, token, {
      method,
      json,
      searchParams,
      headers: {
        ...(idempotencyKey ? idempotentHeaders(idempotencyKey) : {}),
        ...(botToken ? { [BOT_TOKEN_HEADER]: botToken } : {}),
      },
    });
  } catch (error) {
    // fetch rejects with a TypeError when the network fails, and with a TimeoutError when the timeout ends it.
    if (error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')) {
      connectivity.unreachable();
      throw new ApiError('network.failed', null);
    }
    throw error;
  }

  const body: unknown = await response.json().catch(() => null);
  if (response.status === QUEUED_STATUS && idempotencyKey) {
    throw new ApiError(QUEUED_ERROR, QUEUED_STATUS, { id: idempotencyKey });
  }
  connectivity.answered();
  const failure = FailureSchema.safeParse(body);
  const businessCode = EnvelopeCodeSchema.safeParse(body).data?.code ?? null;

  if (response.status === 401 || businessCode === RESULT.loginRequired) {
    // A body cut off (the page reloading as the answer arrives) still refused the token this device
    // holds: that session ended, rather than never having existed.
    const refused = failure.success ? failure.data.data.error : token ? 'auth.session_expired' : null;
    const reason: SessionEndReason = isSessionEnd(refused) ? refused : 'auth.login_required';
    if (token && session.token() === token) {
      const account = session.account();
      session.clear(sessionNotice(reason), token);
      for (const listener of sessionEndListeners) listener(reason, account);
    }
    throw new ApiError(reason, response.status);
  }

  if (response.ok && businessCode === RESULT.ok) {
    const parsed = z.safeParse(schema, body);
    if (parsed.success) return parsed.data.data;
    throw new ApiError('server.error', response.status);
  }

  if (failure.success) {
    const { error, ...detail } = failure.data.data;
    throw new ApiError(isErrorCode(error) ? error : 'server.error', response.status, detail);
  }
  throw new ApiError('server.error', response.status);
}
