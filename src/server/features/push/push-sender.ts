import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushNotice } from '#contract/push-notice.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { pushTokens, serverSecrets } from '#server/db/schema.ts';

export interface PushSender {
  /** The VAPID public key the app subscribes with. */
  publicKey: string;
  /** Sends to every device of the user that has a token; tokens the push service calls gone are removed. */
  sendToUser(
    userId: number,
    notice: Omit<PushNotice, 'title'> & { title: string },
  ): Promise<{ sent: number; removed: number }>;
}

/** The server's VAPID keys: made on first start and kept in the database, so every process shares them. */
async function vapidKeys(db: Db, clock: Clock): Promise<{ publicKey: string; privateKey: string }> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid'));
  if (row) return JSON.parse(row.value) as { publicKey: string; privateKey: string };
  const keys = webpush.generateVAPIDKeys();
  await db
    .insert(serverSecrets)
    .values({ name: 'vapid', value: JSON.stringify(keys), createdAt: clock.now() })
    .onConflictDoNothing();
  // Another process may have won the race: read what is kept.
  return vapidKeys(db, clock);
}

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

function subscriptionOf(token: string): Subscription | null {
  try {
    const value = JSON.parse(token) as Partial<Subscription>;
    return typeof value.endpoint === 'string' && value.keys?.p256dh && value.keys.auth
      ? (value as Subscription)
      : null;
  } catch {
    return null;
  }
}

/**
 * Standard Web Push with the server's VAPID keys (the `web-push` library). A token that is not a
 * Web Push subscription (e.g. an FCM registration token without Firebase configured) is skipped.
 */
export async function createPushSender(
  db: Db,
  clock: Clock,
  subject: string,
  log: FastifyBaseLogger,
): Promise<PushSender> {
  const keys = await vapidKeys(db, clock);
  return {
    publicKey: keys.publicKey,
    async sendToUser(userId, notice) {
      const tokens = await db.select().from(pushTokens).where(eq(pushTokens.userId, userId));
      let sent = 0;
      let removed = 0;
      for (const row of tokens) {
        const subscription = subscriptionOf(row.token);
        if (!subscription) continue;
        try {
          // The library builds the request (VAPID JWT, aes128gcm payload); sending it is ours, so
          // it goes over any transport, with a timeout.
          const request = webpush.generateRequestDetails(
            subscription,
            JSON.stringify({
              notification: {
                title: notice.title,
                body: notice.body,
                ...(notice.image ? { image: notice.image } : {}),
              },
              data: {
                link: notice.link,
                icon: notice.icon,
                ...(notice.kind ? { kind: notice.kind } : {}),
                ...(notice.messageId ? { messageId: notice.messageId } : {}),
              },
            }),
            { vapidDetails: { subject, ...keys }, TTL: 24 * 3600 },
          );
          const response = await fetch(request.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body ? new Uint8Array(request.body) : null,
            signal: AbortSignal.timeout(10_000),
          });
          if (!response.ok)
            throw Object.assign(new Error(`push service answered ${response.status}`), {
              statusCode: response.status,
            });
          sent += 1;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await db.delete(pushTokens).where(eq(pushTokens.id, row.id));
            removed += 1;
          } else {
            // Push errors are logged, never shown (seed §8).
            log.warn({ err: error, userId }, 'push not delivered');
          }
        }
      }
      return { sent, removed };
    },
  };
}
