import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { accountLocks, loginFailures, sessions, users } from '#server/db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  username: string;
  usernameKey: string;
  email: string | null;
  passwordHash: string;
  inviteCode: string;
  invitedBy: number | null;
  language: string | null;
  createdAt: Date;
}

export function createAuthRepository(db: Db) {
  return {
    async insertUser(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findUserByAccountKey(accountKey: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(or(eq(users.usernameKey, accountKey), eq(users.email, accountKey)))
        .limit(1);
      return row ?? null;
    },

    async findUserIdByInviteCode(code: string): Promise<number | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1);
      return row?.id ?? null;
    },

    /** The lock on an account name, if one is in force at `now`. */
    async activeNameLock(accountKey: string, now: Date): Promise<Date | null> {
      const [row] = await db
        .select({ lockedUntil: loginFailures.lockedUntil })
        .from(loginFailures)
        .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.lockedUntil, now)));
      return row?.lockedUntil ?? null;
    },

    /**
     * Counts one more consecutive failure, atomically: concurrent wrong passwords all count. A lock
     * that has run out starts the count again.
     */
    async countFailure(accountKey: string, now: Date): Promise<number> {
      const [row] = await db
        .insert(loginFailures)
        .values({ accountKey, failures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: loginFailures.accountKey,
          set: {
            failures: sql`case when ${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${now} then 1 else ${loginFailures.failures} + 1 end`,
            lockedUntil: sql`case when ${loginFailures.lockedUntil} <= ${now} then null else ${loginFailures.lockedUntil} end`,
            updatedAt: now,
          },
        })
        .returning({ failures: loginFailures.failures });
      return row?.failures ?? 1;
    },

    async lockName(accountKey: string, until: Date, now: Date): Promise<void> {
      await db
        .update(loginFailures)
        .set({ lockedUntil: until, failures: 0, updatedAt: now })
        .where(eq(loginFailures.accountKey, accountKey));
    },

    async clearFailures(accountKey: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
    },

    async recordAccountLock(userId: number, reason: string, now: Date, until: Date | null) {
      await db.insert(accountLocks).values({ userId, reason, createdAt: now, until });
    },

    /** The account lock or ban in force at `now`, if any, with its recorded reason (H8). */
    async activeAccountLock(userId: number, now: Date) {
      const [row] = await db
        .select()
        .from(accountLocks)
        .where(
          and(
            eq(accountLocks.userId, userId),
            isNull(accountLocks.liftedAt),
            or(isNull(accountLocks.until), gt(accountLocks.until, now)),
          ),
        )
        .orderBy(sql`${accountLocks.createdAt} desc`)
        .limit(1);
      return row ?? null;
    },

    async insertSession(session: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(session);
    },

    async findLiveSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          lastSeenAt: sessions.lastSeenAt,
          linkedAt: sessions.linkedAt,
        })
        .from(sessions)
        .where(
          and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
        );
      return row ?? null;
    },

    async touchSession(id: number, now: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
    },

    async revokeSession(id: number, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
