import { and, eq, gt, gte, isNull, ne, or, sql } from 'drizzle-orm';
import type { PushTopic } from '#domain/push/topics.ts';
import type { Db } from '#server/db/database.ts';
import { pushSent, pushSettings, pushTests, pushTokens, sessions } from '#server/db/schema.ts';

export type PushTokenRow = typeof pushTokens.$inferSelect;

export const pushRepository = {
  /** Keeps a device's token for the user; a token moves with its device to whoever signs in there. */
  async save(db: Db, userId: number, sessionId: number, token: string, now: Date): Promise<PushTokenRow> {
    const [row] = await db
      .insert(pushTokens)
      .values({ userId, sessionId, token, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: pushTokens.token, set: { userId, sessionId, updatedAt: now } })
      .returning();
    if (!row) throw new Error('push token not saved');
    return row;
  },

  /** The tokens of the user's devices that are still signed in. */
  async tokensOf(db: Db, userId: number, now: Date): Promise<PushTokenRow[]> {
    const rows = await db
      .select({ token: pushTokens })
      .from(pushTokens)
      .innerJoin(sessions, eq(sessions.id, pushTokens.sessionId))
      .where(and(eq(pushTokens.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return rows.map((row) => row.token);
  },

  /** Removes the user's tokens but the one saved by session `keep`: their devices are signed out. */
  async removeTokensOf(db: Db, userId: number, keep?: number): Promise<void> {
    await db
      .delete(pushTokens)
      .where(
        and(
          eq(pushTokens.userId, userId),
          ...(keep === undefined ? [] : [or(isNull(pushTokens.sessionId), ne(pushTokens.sessionId, keep))]),
        ),
      );
  },

  async remove(db: Db, tokenId: number): Promise<void> {
    await db.delete(pushTokens).where(eq(pushTokens.id, tokenId));
  },

  settingsOf(db: Db, userId: number): Promise<{ topic: string; enabled: boolean }[]> {
    return db
      .select({ topic: pushSettings.topic, enabled: pushSettings.enabled })
      .from(pushSettings)
      .where(eq(pushSettings.userId, userId));
  },

  async setTopic(db: Db, userId: number, topic: PushTopic, enabled: boolean, now: Date): Promise<void> {
    await db
      .insert(pushSettings)
      .values({ userId, topic, enabled, updatedAt: now })
      .onConflictDoUpdate({
        target: [pushSettings.userId, pushSettings.topic],
        set: { enabled, updatedAt: now },
      });
  },

  async recordTest(db: Db, userId: number, tokenId: number, ackHash: string, now: Date): Promise<void> {
    await db.insert(pushTests).values({ userId, tokenId, ackHash, createdAt: now });
  },

  /** Marks a test push as arrived; false when the code is unknown or older than `notBefore`. */
  async acknowledge(db: Db, ackHash: string, notBefore: Date, now: Date): Promise<boolean> {
    const rows = await db
      .update(pushTests)
      .set({ ackedAt: sql`coalesce(${pushTests.ackedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(pushTests.ackHash, ackHash), gte(pushTests.createdAt, notBefore)))
      .returning({ id: pushTests.id });
    return rows.length > 0;
  },

  /** Test pushes sent since `since` in total, for the per-user limit. */
  async testsSince(db: Db, userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(pushTests)
      .where(and(eq(pushTests.userId, userId), gte(pushTests.createdAt, since)));
    return row?.n ?? 0;
  },

  /** Claims a scheduled push for a user and day; true for exactly one caller, ever. */
  async claimScheduled(db: Db, userId: number, kind: string, day: string, now: Date): Promise<boolean> {
    const rows = await db
      .insert(pushSent)
      .values({ userId, kind, day, sentAt: now })
      .onConflictDoNothing()
      .returning({ userId: pushSent.userId });
    return rows.length > 0;
  },
};
