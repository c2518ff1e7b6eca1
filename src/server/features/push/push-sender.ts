import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { maySend, topicSettings } from '#domain/push/topics.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { pause, semaphore } from '#server/lib/concurrency.ts';
import { serverSecret } from '#server/lib/server-secrets.repository.ts';
import { PushBusy, type FcmMessaging } from './fcm-messaging.ts';
import { payloadOf, type ServerNotice } from './push-payload.ts';
import { readPushToken, type PushToken } from './push-token.ts';
import { createPushRepository, type PushTokenRow } from './push.repository.ts';

export type Delivery = 'sent' | 'gone' | 'failed' | 'unsendable';

export interface PushSender {
  /** The VAPID public key the app subscribes with. */
  publicKey: string;
  /** Sends to every device of the user that has a token, unless the user turned this kind off. */
  sendToUser(userId: number, notice: ServerNotice): Promise<{ sent: number; removed: number }>;
  /** Sends to one device; a token the push service calls gone is removed. */
  sendToToken(row: PushTokenRow, notice: ServerNotice): Promise<Delivery>;
  /** Cuts short the retries waiting (a shutdown): they count as failed. */
  close(): void;
}

/** Messages on their way to push services at once, per process: a burst never floods them. */
export const PUSH_CONCURRENCY = 8;
/** Tries after the first, when a push service answers "not now" (429 or 5xx). */
const RETRIES = 2;
/** The longest a message waits in all for its retries: requests that send one stay short. */
const RETRY_BUDGET_MS = 8_000;
/** The wait before a retry when the push service does not say (doubling each time). */
const FIRST_BACKOFF_MS = 500;

/**
 * The wait a Retry-After header asks for (RFC 9110: seconds, or an HTTP date), in milliseconds;
 * null when there is none or it cannot be read.
 */
export function retryAfterMs(header: string | null, now: Date): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** What happened to one message (the metrics count them): its outcome, or a retry. */
export type PushEvent = Delivery | 'retried';

/** The server's VAPID keys: made on first start and kept in the database, so every process shares them. */
async function vapidKeys(db: Db, clock: Clock): Promise<{ publicKey: string; privateKey: string }> {
  const kept = await serverSecret(db, 'vapid', clock.now(), () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  return JSON.parse(kept) as { publicKey: string; privateKey: string };
}

class PushRefused extends Error {
  readonly statusCode: number;
  constructor(statusCode: number) {
    super(`push service answered ${statusCode}`);
    this.statusCode = statusCode;
  }
}

export interface PushSenderOptions {
  /** Who the push services may contact about this server's messages (VAPID subject). */
  subject: string;
  log: FastifyBaseLogger;
  /** Push-service origins accepted besides the browsers' own (a fake one in tests). */
  extraOrigins: readonly string[];
  /** Firebase Cloud Messaging, when configured: FCM registration tokens go through it. */
  fcm: FcmMessaging | null;
  /** Told of every message's outcome and every retry (the metrics). */
  observe?: (event: PushEvent) => void;
}

/**
 * Standard Web Push with the server's VAPID keys (the `web-push` library builds the request: VAPID
 * JWT, aes128gcm payload; we send it, with a timeout), and FCM registration tokens through
 * firebase-admin when it is configured. Push errors are logged, never shown (docs/product-rules.md#api-conventions).
 * At most PUSH_CONCURRENCY messages are in flight at once; a push service's "not now" (429, 5xx) is
 * tried again after the wait its Retry-After asks for (RFC 8030 §8.4), or a short backoff, within a
 * small budget.
 */
export async function createPushSender(
  db: Db,
  clock: Clock,
  options: PushSenderOptions,
): Promise<PushSender> {
  const keys = await vapidKeys(db, clock);
  const { subject, log, extraOrigins, fcm } = options;
  const observe = options.observe ?? (() => undefined);
  const limited = semaphore(PUSH_CONCURRENCY);
  const closing = new AbortController();

  async function deliver(token: PushToken, notice: ServerNotice): Promise<'sent' | 'gone' | 'unsendable'> {
    if (token.type === 'fcm') {
      if (!fcm) return 'unsendable';
      return fcm.send(token.token, payloadOf(notice));
    }
    const request = webpush.generateRequestDetails(token.subscription, JSON.stringify(payloadOf(notice)), {
      vapidDetails: { subject, ...keys },
      TTL: 24 * 3600,
    });
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(10_000),
      // A redirect is a refusal: following it would let a push service point the server anywhere.
      redirect: 'manual',
    });
    if (response.status === 404 || response.status === 410) return 'gone';
    if (response.status === 429 || response.status >= 500) {
      throw new PushBusy(response.status, retryAfterMs(response.headers.get('retry-after'), clock.now()));
    }
    if (!response.ok) throw new PushRefused(response.status);
    return 'sent';
  }

  async function attempt(token: PushToken, notice: ServerNotice): Promise<'sent' | 'gone' | 'unsendable'> {
    let waited = 0;
    for (let retry = 0; ; retry++) {
      try {
        return await limited(() => deliver(token, notice));
      } catch (error) {
        const wait =
          error instanceof PushBusy && retry < RETRIES
            ? (error.retryAfterMs ?? FIRST_BACKOFF_MS * 2 ** retry)
            : null;
        if (wait === null || waited + wait > RETRY_BUDGET_MS) throw error;
        observe('retried');
        waited += wait;
        if (!(await pause(wait, closing.signal))) throw error;
      }
    }
  }

  async function sendToToken(row: PushTokenRow, notice: ServerNotice): Promise<Delivery> {
    const token = readPushToken(row.token, extraOrigins);
    if (!token) {
      observe('unsendable');
      return 'unsendable';
    }
    try {
      const result = await attempt(token, notice);
      if (result === 'gone') await createPushRepository(db).remove(row.id);
      observe(result);
      return result;
    } catch (error) {
      log.warn({ err: error, userId: row.userId, kind: notice.kind }, 'push not delivered');
      observe('failed');
      return 'failed';
    }
  }

  return {
    publicKey: keys.publicKey,
    sendToToken,
    close: () => closing.abort(),
    async sendToUser(userId, notice) {
      const settings = topicSettings(await createPushRepository(db).settingsOf(userId));
      if (!maySend(notice.kind, settings)) return { sent: 0, removed: 0 };
      let sent = 0;
      let removed = 0;
      for (const row of await createPushRepository(db).tokensOf(userId, clock.now())) {
        const result = await sendToToken(row, notice);
        if (result === 'sent') sent += 1;
        if (result === 'gone') removed += 1;
      }
      return { sent, removed };
    },
  };
}
