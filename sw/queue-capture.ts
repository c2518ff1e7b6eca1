import { IDEMPOTENCY_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import {
  ACCOUNT_HEADER,
  QUEUED_ERROR,
  QUEUED_STATUS,
  queuedKindOf,
  type QueuedKind,
} from '#contract/sync.ts';
import { publishQueue } from './clients.ts';
import { queueStore } from './queue-store.ts';
import { replayQueue } from './queue-replay.ts';

declare const self: ServiceWorkerGlobalScope;

export const SYNC_TAG = 'earnest-queue';

/**
 * Money-moving POSTs that can wait (contract/sync.ts) go to the network; when it cannot be reached,
 * the request is kept in IndexedDB with its Idempotency-Key and the page is told so (202), never
 * that it was credited. While an account already has requests waiting, a new one queues behind
 * them, so the server sees them in the order the user made them.
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
  const keep = () =>
    keepRequest({
      id: key,
      kind,
      account,
      url: request.url,
      bodyText,
      contentType: request.headers.get('content-type'),
      token: request.headers.get(TOKEN_HEADER),
    });

  const waiting = (await queueStore.all()).some((e) => e.account === account && e.state !== 'rejected');
  if (waiting) {
    await keep();
    void replayQueue();
    return queuedResponse(key);
  }
  try {
    return await fetch(request);
  } catch {
    await keep();
    return queuedResponse(key);
  }
}

async function keepRequest(request: {
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
    state: 'waiting',
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
