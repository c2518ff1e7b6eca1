import type { PushPayload } from './push-payload.ts';

/** Firebase Cloud Messaging as the sender needs it. */
export interface FcmMessaging {
  /** 'gone' when FCM says the registration token is no longer valid. */
  send(token: string, payload: PushPayload): Promise<'sent' | 'gone'>;
}

/** FCM's answers that mean the token will never work again: the sender then removes it. */
const GONE_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/** FCM's answers that mean "not now" (its 429 and 5xx): the sender tries again after a pause. */
const BUSY_CODES = new Set([
  'messaging/message-rate-exceeded',
  'messaging/server-unavailable',
  'messaging/internal-error',
]);

/**
 * A push service's "not now" (HTTP 429 or 5xx, or FCM's codes for them), with the wait its
 * Retry-After asked for when it said (null: it did not).
 */
export class PushBusy extends Error {
  readonly statusCode: number;
  readonly retryAfterMs: number | null;
  constructor(statusCode: number, retryAfterMs: number | null) {
    super(`push service busy (${statusCode})`);
    this.statusCode = statusCode;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * The FCM v1 message for one device: the same payload. The click link travels in `data` (our service
 * worker reads it there); FCM's own `webpush.fcmOptions.link` would have to be an absolute https URL.
 */
export function fcmMessage(token: string, payload: PushPayload) {
  return {
    token,
    notification: {
      title: payload.notification.title,
      body: payload.notification.body,
      ...(payload.notification.image ? { imageUrl: payload.notification.image } : {}),
    },
    data: payload.data,
  };
}

/** Sends through any messaging client with firebase-admin's `send` (the real one, or a test double). */
export function fcmMessaging(client: {
  send(message: ReturnType<typeof fcmMessage>): Promise<string>;
}): FcmMessaging {
  return {
    async send(token, payload) {
      try {
        await client.send(fcmMessage(token, payload));
        return 'sent';
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && GONE_CODES.has(code)) return 'gone';
        // firebase-admin has already waited out a 503's Retry-After itself; these are tried again.
        if (typeof code === 'string' && BUSY_CODES.has(code)) {
          throw new PushBusy(code === 'messaging/message-rate-exceeded' ? 429 : 503, null);
        }
        throw error;
      }
    },
  };
}

/**
 * firebase-admin with a service account (its JSON), loaded only when Firebase is configured so a
 * server without it never loads the SDK.
 */
export async function connectFcm(serviceAccountJson: string): Promise<FcmMessaging> {
  const [{ initializeApp, cert }, { getMessaging }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/messaging'),
  ]);
  const app = initializeApp({ credential: cert(JSON.parse(serviceAccountJson) as object) }, 'earnest-push');
  return fcmMessaging(getMessaging(app));
}
