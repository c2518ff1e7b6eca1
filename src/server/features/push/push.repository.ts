import { and, count, eq, gte, inArray, isNotNull, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { PushTopic } from '#domain/push/topics.ts';
import type { Db } from '#server/db/database.ts';
import { pushSent, pushSettings, pushTests, pushTokens, sessions } from '#server/db/schema.ts';
import { sessionLive } from '#server/db/session-live.ts';
import { updateAny } from '#server/db/update-count.ts';

export type PushTokenRow = typeof pushTokens.$inferSelect;

const ID_CHUNK = 10_000;

export function createPushRepository(db: Db) {
  return {
    /** Whether one of the user's devices has saved a push token. */
    async hasToken(userId: number): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(pushTokens).where(eq(pushTokens.userId, userId));
      return (row?.n ?? 0) > 0;
    },

    /**
     * The notification task's proof: a test push asked for since `since` was acknowledged by the service
     * worker of a device whose token is still this user's.
     */
    async acknowledgedTestSince(userId: number, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: pushTests.id })
        .from(pushTests)
        .innerJoin(pushTokens, and(eq(pushTokens.id, pushTests.tokenId), eq(pushTokens.userId, userId)))
        .where(
          and(eq(pushTests.userId, userId), gte(pushTests.createdAt, since), isNotNull(pushTests.ackedAt)),
        )
        .limit(1);
      return Boolean(row);
    },

    /**
     * Those of `userIds` with at least one device token and no `kind` push claimed on `day`: a pass
     * every minute asks only for those still to be sent, not every user again.
     */
    async unsentWithTokens(userIds: number[], kind: string, day: string): Promise<Set<number>> {
      const found = new Set<number>();
      // A statement takes at most 65,535 parameters (PostgreSQL's protocol): ask in chunks.
      for (let start = 0; start < userIds.length; start += ID_CHUNK) {
        const rows = await db
          .selectDistinct({ userId: pushTokens.userId })
          .from(pushTokens)
          .where(
            and(
              inArray(pushTokens.userId, userIds.slice(start, start + ID_CHUNK)),
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(pushSent)
                  .where(
                    and(
                      eq(pushSent.userId, pushTokens.userId),
                      eq(pushSent.kind, kind),
                      eq(pushSent.day, day),
                    ),
                  ),
              ),
            ),
          );
        for (const row of rows) found.add(row.userId);
      }
      return found;
    },

    /** Users who turned on `topic` (only kinds that start off are stored as on). */
    async subscribersOf(topic: PushTopic): Promise<number[]> {
      const rows = await db
        .select({ userId: pushSettings.userId })
        .from(pushSettings)
        .where(and(eq(pushSettings.topic, topic), eq(pushSettings.enabled, true)));
      return rows.map((row) => row.userId);
    },

    /** Keeps a device's token for the user; a token moves with its device to whoever signs in there. */
    async save(userId: number, sessionId: number, token: string, now: Date): Promise<PushTokenRow> {
      const [row] = await db
        .insert(pushTokens)
        .values({ userId, sessionId, token, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: pushTokens.token, set: { userId, sessionId, updatedAt: now } })
        .returning();
      if (!row) throw new Error('push token not saved');
      return row;
    },

    /** The tokens of the user's devices that are still signed in. */
    async tokensOf(userId: number, now: Date): Promise<PushTokenRow[]> {
      const rows = await db
        .select({ token: pushTokens })
        .from(pushTokens)
        .innerJoin(sessions, eq(sessions.id, pushTokens.sessionId))
        .where(and(eq(pushTokens.userId, userId), sessionLive(now)));
      return rows.map((row) => row.token);
    },

    /** Removes the user's tokens but the one saved by session `keep`: their devices are signed out. */
    async removeTokensOf(userId: number, keep?: number): Promise<void> {
      await db
        .delete(pushTokens)
        .where(
          and(
            eq(pushTokens.userId, userId),
            ...(keep === undefined ? [] : [or(isNull(pushTokens.sessionId), ne(pushTokens.sessionId, keep))]),
          ),
        );
    },

    async remove(tokenId: number): Promise<void> {
      await db.delete(pushTokens).where(eq(pushTokens.id, tokenId));
    },

    settingsOf(userId: number): Promise<{ topic: string; enabled: boolean }[]> {
      return db
        .select({ topic: pushSettings.topic, enabled: pushSettings.enabled })
        .from(pushSettings)
        .where(eq(pushSettings.userId, userId));
    },

    async setTopic(userId: number, topic: PushTopic, enabled: boolean, now: Date): Promise<void> {
      await db
        .insert(pushSettings)
        .values({ userId, topic, enabled, updatedAt: now })
        .onConflictDoUpdate({
          target: [pushSettings.userId, pushSettings.topic],
          set: { enabled, updatedAt: now },
        });
    },

    async recordTest(userId: number, tokenId: number, ackHash: string, now: Date): Promise<void> {
      await db.insert(pushTests).values({ userId, tokenId, ackHash, createdAt: now });
    },

    /** Marks a test push as arrived; false when the code is unknown or older than `notBefore`. */
    async acknowledge(ackHash: string, notBefore: Date, now: Date): Promise<boolean> {
      return updateAny(
        db,
        pushTests,
        { ackedAt: sql`coalesce(${pushTests.ackedAt}, ${now.toISOString()}::timestamptz)` },
        and(eq(pushTests.ackHash, ackHash), gte(pushTests.createdAt, notBefore)),
      );
    },

    /** Test pushes sent since `since` in total, for the per-user limit. */
    async testsSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(pushTests)
        .where(and(eq(pushTests.userId, userId), gte(pushTests.createdAt, since)));
      return row?.n ?? 0;
    },

    /** Forgets which scheduled pushes went out on days before `day` (a claim is only for its day). */
    async pruneScheduled(day: string): Promise<void> {
      await db.delete(pushSent).where(lt(pushSent.day, day));
    },

    /** Claims a scheduled push for a user and day; true for exactly one caller, ever. */
    async claimScheduled(userId: number, kind: string, day: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(pushSent)
        .values({ userId, kind, day, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: pushSent.userId });
      return rows.length > 0;
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
