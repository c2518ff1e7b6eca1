import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { activeLocks, lockInForce } from '#server/db/account-locks.ts';
import type { Db } from '#server/db/database.ts';
import { accountLocks, sessions, signInAttempts, users, type SessionEndCause } from '#server/db/schema.ts';
import { sessionLive } from '#server/db/session-live.ts';
import { updateAny, updateCount } from '#server/db/update-count.ts';
import { sessionsRevoked } from './session-cache.ts';
import { ACCOUNT_DELETED } from '#domain/auth/deletion.ts';
import { accountKeyOf } from '#domain/auth/credentials.ts';

export type { SessionEndCause };

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

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

export { ACCOUNT_DELETED };

/** Tries older than this start again from one: a lock needs failures close together. */
const ATTEMPTS_FORGOTTEN_AFTER = '24 hours';

/**
 * An account that kept its legacy key (its folded name clashed with an older account's, migration
 * 0034) is found by the exact spelling it registered, before the older account that owns the folded
 * name; otherwise the name's own account, then the address's. Only a key that is not in folded form
 * counts as legacy: keys written since are all folded, so no newer account can stand in for one.
 */
function preferredAccount<Row extends { usernameKey: string }>(
  rows: Row[],
  key: string,
  legacyKey: string,
): Row | null {
  const legacy = (row: Row) => row.usernameKey === legacyKey && accountKeyOf(row.usernameKey) !== legacyKey;
  return rows.find(legacy) ?? rows.find((row) => row.usernameKey === key) ?? rows[0] ?? null;
}

/** What ended a session early (if anything), and whether its account is closed, and by a deletion. */
export interface SessionStanding {
  cause: SessionEndCause | null;
  closed: boolean;
  deleted: boolean;
}

/** Whether a session's account is closed at `now` (a ban, a lock or a deletion in force), and by a deletion. */
function closure(now: Date) {
  return {
    closed: sql<boolean>`exists (${activeLocks(sessions.userId, now)})`,
    deleted: sql<boolean>`exists (${activeLocks(sessions.userId, now)} and ${accountLocks.reason} = ${ACCOUNT_DELETED})`,
  };
}

/**
 * Auth's tables — users (sign-in fields), sessions, account locks, sign-in attempts — for a database
 * or a transaction.
 */
export function createAuthRepository(db: Db) {
  return {
    async insertUser(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** By the comparison form of a name or an address, as `preferredAccount` picks among them. */
    async findUserByAccountKey(key: string, legacyKey: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(or(inArray(users.usernameKey, [key, legacyKey]), eq(users.email, legacyKey)));
      return preferredAccount(rows, key, legacyKey);
    },

    /** By the normalised user name only (not the e-mail): what the operator types. */
    async findUserIdByNameKey(key: string, legacyKey: string): Promise<number | null> {
      const rows = await db
        .select({ id: users.id, usernameKey: users.usernameKey })
        .from(users)
        .where(inArray(users.usernameKey, [key, legacyKey]));
      return preferredAccount(rows, key, legacyKey)?.id ?? null;
    },

    async findUser(userId: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    async findUserIdByInviteCode(code: string): Promise<number | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1);
      return row?.id ?? null;
    },

    /**
     * Takes one password try for a key, atomically, BEFORE the hash is checked: concurrent tries each
     * get their own number, so no more than the limit ever reach the hash. A lock in force is left as
     * it is; one that ran out, or tries a day old, start the count again.
     */
    async reserveAttempt(key: string, now: Date): Promise<{ failures: number; lockedUntil: Date | null }> {
      const t = signInAttempts;
      const stale = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} <= ${now}) or (${t.lockedUntil} is null and ${t.updatedAt} < ${now}::timestamptz - interval '${sql.raw(ATTEMPTS_FORGOTTEN_AFTER)}')`;
      const [row] = await db
        .insert(t)
        .values({ key, failures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            failures: sql`case when ${stale} then 1 when ${t.lockedUntil} is not null then ${t.failures} else ${t.failures} + 1 end`,
            lockedUntil: sql`case when ${stale} then null else ${t.lockedUntil} end`,
            updatedAt: now,
          },
        })
        .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
      return { failures: row?.failures ?? 1, lockedUntil: row?.lockedUntil ?? null };
    },

    /** Locks a key until `until` (the first lock wins when two tries lock it at once). */
    async lockAttempts(key: string, until: Date, now: Date): Promise<Date> {
      const [row] = await db
        .update(signInAttempts)
        .set({
          lockedUntil: sql`coalesce(${signInAttempts.lockedUntil}, ${until})`,
          failures: 0,
          updatedAt: now,
        })
        .where(eq(signInAttempts.key, key))
        .returning({ lockedUntil: signInAttempts.lockedUntil });
      return row?.lockedUntil ?? until;
    },

    async clearAttempts(key: string): Promise<void> {
      await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
    },

    async recordAccountLock(userId: number, reason: string, now: Date, until: Date | null) {
      sessionsRevoked(userId);
      await db.insert(accountLocks).values({ userId, reason, createdAt: now, until });
    },

    /** The account lock or ban in force at `now`, if any, with its recorded reason. */
    async activeAccountLock(userId: number, now: Date) {
      const [row] = await db
        .select()
        .from(accountLocks)
        .where(and(eq(accountLocks.userId, userId), lockInForce(now)))
        .orderBy(sql`${accountLocks.createdAt} desc`)
        .limit(1);
      return row ?? null;
    },

    /** Lifts every ban or lock in force — never a deletion, which is for good; returns how many. */
    async liftLocks(userId: number, now: Date): Promise<number> {
      return updateCount(
        db,
        accountLocks,
        { liftedAt: now },
        and(
          eq(accountLocks.userId, userId),
          isNull(accountLocks.liftedAt),
          ne(accountLocks.reason, ACCOUNT_DELETED),
        ),
      );
    },

    async insertSession(session: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(session);
    },

    /**
     * How the session of a token, or of an id, stands once it no longer lets its account in: what
     * ended it early if something did, and whether its account is closed now (a ban may have been
     * lifted since), and by a deletion. Null when no session had it.
     */
    async standingOf(
      by: { tokenHash: string } | { sessionId: number },
      now: Date,
    ): Promise<SessionStanding | null> {
      const [row] = await db
        .select({ cause: sessions.endedBy, ...closure(now) })
        .from(sessions)
        .where('tokenHash' in by ? eq(sessions.tokenHash, by.tokenHash) : eq(sessions.id, by.sessionId));
      return row ?? null;
    },

    /**
     * The session a token belongs to while it is live, and whether its account is closed to every
     * way in (a ban, a lock or a deletion in force) — checked on every request, in one query.
     */
    async findLiveSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          linkedAt: sessions.linkedAt,
          ...closure(now),
        })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), sessionLive(now)));
      return row ?? null;
    },

    async touchSession(id: number, now: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
    },

    async revokeSession(id: number, now: Date): Promise<void> {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: now, endedBy: 'sign_out' })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId });
      for (const { userId } of revoked) sessionsRevoked(userId);
    },

    /** Signs every device of a user out but `keep`; returns how many sessions ended. */
    async revokeSessionsOf(
      userId: number,
      now: Date,
      endedBy: SessionEndCause,
      keep?: number,
    ): Promise<number> {
      sessionsRevoked(userId);
      return updateCount(
        db,
        sessions,
        { revokedAt: now, endedBy },
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          ...(keep === undefined ? [] : [ne(sessions.id, keep)]),
        ),
      );
    },

    /** Replaces what names the person on the user row; `gone` is a name no one can sign in with. */
    async anonymise(userId: number, gone: string, passwordHash: string): Promise<void> {
      await db
        .update(users)
        .set({
          username: gone,
          usernameKey: gone,
          email: null,
          passwordHash,
          inviteCode: gone,
          language: null,
          country: null,
        })
        .where(eq(users.id, userId));
    },

    /** Forgets the addresses and browsers of a user's sessions (a deleted account keeps none). */
    async eraseSessionDetails(userId: number): Promise<void> {
      await db.update(sessions).set({ ip: null, userAgent: null }).where(eq(sessions.userId, userId));
    },

    /** Whether a session is live and its account open (no ban, lock or deletion), in one statement. */
    async sessionAdmits(sessionId: number, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.id, sessionId),
            sessionLive(now),
            sql`not exists (${activeLocks(sessions.userId, now)})`,
          ),
        );
      return row !== undefined;
    },

    liveSessions(userId: number, now: Date): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), sessionLive(now)))
        .orderBy(desc(sessions.lastSeenAt));
    },

    /** Signs one other device of the user out; false when it is not theirs, is this one, or is gone. */
    async revokeOther(
      userId: number,
      currentSessionId: number,
      sessionId: number,
      now: Date,
    ): Promise<boolean> {
      sessionsRevoked(userId);
      return updateAny(
        db,
        sessions,
        { revokedAt: now, endedBy: 'other_device' },
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          ne(sessions.id, currentSessionId),
          isNull(sessions.revokedAt),
        ),
      );
    },

    async latestLinkSince(userId: number, since: Date): Promise<SessionRow | null> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.linkedAt, since)))
        .orderBy(desc(sessions.linkedAt))
        .limit(1);
      return row ?? null;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
