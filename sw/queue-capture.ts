import { IDEMPOTENCY_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import {
  ACCOUNT_HEADER,
  QUEUED_ERROR,
  QUEUED_STATUS,
  queuedKindOf,
  readEnvelope,
  replayVerdict,
  type QueuedKind,
  type QueuedState,
} from '#contract/sync.ts';
import { publishQueue } from './clients.ts';
import { queueStore } from './queue-store.ts';
import { adoptSession, forgetRefusedToken, replayQueue } from './queue-replay.ts';

declare const self: ServiceWorkerGlobalScope;

export const SYNC_TAG = 'earnest-queue';

/**
 * Money-moving POSTs that can wait (contract/sync.ts) go to the network; when it cannot be reached,
 * the request is kept in IndexedDB with its Idempotency-Key and the page is told so (202), never
 * that it was credited. While an account already has requests waiting, a new one queues behind
 * them, so the server sees them in the order the user made them. One the server refused because the
 * session had ended is kept too, for the account's next sign-in on this device.
 */
export function captureQueueableRequests() {
  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'POST') return;
    const url = new URL(request.url);
    const kind = queuedKindOf(url.pathname);
    const key = request.headers.get(IDEMPOTENCY_HEADER);
    const account = request.headers.get(ACCOUNT_HEADER);
    if (url.origin !== self.location.origin || !kind || !key || !account) return;
    event.respondWith(sendOrKeep(request, kind, key, decodeURIComponent(account)));
  });
}

async function sendOrKeep(
  request: Request,
  kind: QueuedKind,
  key: string,
  account: string,
): Promise<Response> {
  const bodyText = await request.clone().text();
  const keep = (state: QueuedState = 'waiting') =>
    keepRequest({
      state,
      id: key,
      kind,
      account,
      url: request.url,
      bodyText,
      contentType: request.headers.get('content-type'),
      token: request.headers.get(TOKEN_HEADER),
    });

  let waiting: boolean;
  try {
    const token = request.headers.get(TOKEN_HEADER);
    if (token) await adoptSession(account, token);
    waiting = (await queueStore.all()).some((e) => e.account === account && e.state !== 'rejected');
  } catch {
    // The device's storage cannot be read (damaged, or the browser refuses it): nothing can be kept,
    // and nothing kept can be ahead of this one, but the request itself can still go.
    return fetch(request);
  }
  if (waiting) {
    await keep();
    void replayQueue();
    return queuedResponse(key);
  }
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    await keep();
    return queuedResponse(key);
  }
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const { code, error } = readEnvelope(body);
  if (replayVerdict({ status: response.status, code, error }) === 'needs_sign_in') {
    // The session ended before the request was carried out (signed out from another device, a new
    // password): the server changed nothing and stored no answer under the key, so the same request
    // can still go through. The page signs out as usual; the action waits for the sign-in.
    await keep('needs_sign_in');
    await forgetRefusedToken(account, request.headers.get(TOKEN_HEADER), error);
  }
  return response;
}

async function keepRequest(request: {
  state: QueuedState;
  id: string;
  kind: QueuedKind;
  account: string;
  url: string;
  bodyText: string;
  contentType: string | null;
  token: string | null;
}) {
  await queueStore.add({
    ...request,
    body: parseBody(request.bodyText),
    queuedAt: Date.now(),
    attempts: 0,
    retryAt: null,
    error: null,
  });
  // Where Background Sync exists the browser wakes us when the network is back; elsewhere the page
  // asks for a replay whenever it is open and online (src/app/pwa/sync-queue.ts).
  await self.registration.sync?.register(SYNC_TAG).catch(() => undefined);
  await publishQueue();
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function queuedResponse(id: string): Response {
  return new Response(JSON.stringify({ code: 0, msg: '', data: { error: QUEUED_ERROR, id } }), {
    status: QUEUED_STATUS,
    headers: { 'content-type': 'application/json' },
  });
}
