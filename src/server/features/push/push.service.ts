import { createHash, randomBytes } from 'node:crypto';
import type { PushSettings } from '#contract/push.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import { inLinkCooldown } from '#domain/devices/pairing.ts';
import { isSecurityTopic, topicSettings, type PushTopic } from '#domain/push/topics.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { pushTestNotice } from './notices.ts';
import { readPushToken } from './push-token.ts';
import type { PushSender } from './push-sender.ts';
import { createPushRepository, type PushTokenRow } from './push.repository.ts';

/** A test push must come back within this time to count. */
export const TEST_ACK_WINDOW_MS = 10 * 60 * 1000;
/** Test pushes a user may ask for in an hour (each one is a request to a push service). */
export const TESTS_PER_HOUR = 10;

export type PushTokenError = 'push.token_invalid';
export type PushTestError = 'push.token_invalid' | 'push.test_failed' | 'request.rate_limited';

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** Forgets the push tokens of the user's devices but the one of session `keep`: they are signed out. */
export async function removePushTokens(tx: Db, userId: number, keep?: number): Promise<void> {
  await createPushRepository(tx).removeTokensOf(userId, keep);
}

/** What the notification task checks, in the caller's transaction. */
export const pushProof = {
  /** Whether any device of the user saved a push token. */
  hasToken: (tx: Db, userId: number) => createPushRepository(tx).hasToken(userId),
  /**
   * Whether a test push asked for since `since` was acknowledged by the service worker of a device
   * whose token is still the user's.
   */
  acknowledgedTestSince: (tx: Db, userId: number, since: Date) =>
    createPushRepository(tx).acknowledgedTestSince(userId, since),
};

export function createPushService(deps: {
  db: Db;
  clock: Clock;
  sender: PushSender;
  extraOrigins: readonly string[];
}) {
  const { db, clock, sender, extraOrigins } = deps;

  /** Keeps the token for this user and this signed-in device (session). */
  async function saveToken(
    userId: number,
    sessionId: number,
    token: string,
  ): Promise<Result<PushTokenRow, PushTokenError>> {
    if (!readPushToken(token, extraOrigins)) return fail('push.token_invalid');
    return ok(await createPushRepository(db).save(userId, sessionId, token, clock.now()));
  }

  async function settings(userId: number): Promise<PushSettings> {
    return {
      vapid_public_key: sender.publicKey,
      topics: topicSettings(await createPushRepository(db).settingsOf(userId)),
    };
  }

  return {
    saveToken,
    settings,

    /**
     * Turns one kind of push on or off. A device linked less than 24 hours ago cannot turn off what
     * warns the account of its own doings (new devices, withdrawals).
     */
    async setTopic(
      userId: number,
      topic: PushTopic,
      enabled: boolean,
      linkedAt: Date | null,
    ): Promise<Result<PushSettings, 'device.link_cooldown'>> {
      const now = clock.now();
      if (!enabled && isSecurityTopic(topic) && inLinkCooldown(linkedAt, now))
        return fail('device.link_cooldown');
      await createPushRepository(db).setTopic(userId, topic, enabled, now);
      return ok(await settings(userId));
    },

    /**
     * Sends a test push to this device's token (saving it first, so the task never depends on the
     * order of two requests). The code it carries is kept only as a hash.
     */
    async sendTest(
      userId: number,
      sessionId: number,
      token: string,
    ): Promise<Result<{ sent_time: number }, PushTestError>> {
      const now = clock.now();
      if (
        (await createPushRepository(db).testsSince(userId, new Date(now.getTime() - 3600_000))) >=
        TESTS_PER_HOUR
      ) {
        return fail('request.rate_limited');
      }
      const saved = await saveToken(userId, sessionId, token);
      if (!saved.ok) return saved;
      const row = saved.value;
      const code = randomBytes(24).toString('base64url');
      await createPushRepository(db).recordTest(userId, row.id, hashOf(code), now);
      const delivery = await sender.sendToToken(row, pushTestNotice(code));
      if (delivery !== 'sent') return fail('push.test_failed');
      return ok({ sent_time: epochSeconds(now) });
    },

    /** The service worker's word that the test push arrived. */
    async acknowledge(code: string): Promise<Result<null, 'push.ack_unknown'>> {
      const now = clock.now();
      const known = await createPushRepository(db).acknowledge(
        hashOf(code),
        new Date(now.getTime() - TEST_ACK_WINDOW_MS),
        now,
      );
      return known ? ok(null) : fail('push.ack_unknown');
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
