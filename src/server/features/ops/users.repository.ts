import { and, count, desc, eq, ilike, isNotNull, like, or, sql, type SQL } from 'drizzle-orm';
import { accountKeyOf } from '#domain/auth/credentials.ts';
import { lockInForce } from '#server/db/account-locks.ts';
import type { Db } from '#server/db/database.ts';
import {
  accountLocks,
  ledgerEntries,
  sessions,
  taskRuns,
  users,
  verifiedPhones,
  withdrawAddresses,
  withdrawals,
} from '#server/db/schema.ts';
import { sessionLive } from '#server/db/session-live.ts';

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SEARCH_LIMIT = 50;
const LEDGER_LIMIT = 200;

/**
 * What the console shows of users (docs/operators.md#users): a read-only view across the account's
 * records — ledger, withdrawals, locks, sessions — read here in one place; changes go through the
 * owning features' services.
 */
export function createOpsUsersRepository(db: Db) {
  const summary = {
    id: users.id,
    username: users.username,
    email: users.email,
    inviteCode: users.inviteCode,
    balance: users.balance,
    createdAt: users.createdAt,
    address: withdrawAddresses.address,
    tag: withdrawAddresses.tag,
  };
  return {
    /** Users by name (as typed or as sign-in compares it) or e-mail (part of), invite code, address (saved or withdrawn to) or id. */
    async search(text: string) {
      const matches: SQL[] = [
        ilike(users.username, likeText(text)),
        // And by the name's comparison form, as sign-in finds it ("ışık" finds "IŞIK").
        like(users.usernameKey, likeText(accountKeyOf(text))),
        ilike(users.email, likeText(text)),
        eq(users.inviteCode, text.toUpperCase()),
        eq(withdrawAddresses.address, text),
        sql`exists (select 1 from ${withdrawals} w where w.user_id = ${users.id} and w.address = ${text})`,
      ];
      if (/^\d{1,15}$/.test(text)) matches.push(eq(users.id, Number(text)));
      return db
        .select(summary)
        .from(users)
        .leftJoin(withdrawAddresses, eq(withdrawAddresses.userId, users.id))
        .where(or(...matches))
        .orderBy(users.id)
        .limit(SEARCH_LIMIT);
    },

    async summary(userId: number) {
      const [row] = await db
        .select(summary)
        .from(users)
        .leftJoin(withdrawAddresses, eq(withdrawAddresses.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The bans and locks in force for these users (the newest each). */
    async standingLocks(userIds: number[], now: Date) {
      if (userIds.length === 0) return [];
      return db
        .select({
          userId: accountLocks.userId,
          reason: accountLocks.reason,
          createdAt: accountLocks.createdAt,
        })
        .from(accountLocks)
        .where(
          and(
            sql`${accountLocks.userId} in (${sql.join(
              userIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
            lockInForce(now),
          ),
        )
        .orderBy(desc(accountLocks.createdAt));
    },

    async ledger(userId: number) {
      return db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(desc(ledgerEntries.id))
        .limit(LEDGER_LIMIT);
    },

    async withdrawals(userId: number) {
      return db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(desc(withdrawals.id));
    },

    async locks(userId: number) {
      return db
        .select()
        .from(accountLocks)
        .where(eq(accountLocks.userId, userId))
        .orderBy(desc(accountLocks.id));
    },

    async facts(userId: number, now: Date) {
      const [phone] = await db
        .select({ n: count() })
        .from(verifiedPhones)
        .where(eq(verifiedPhones.userId, userId));
      const [inviter] = await db
        .select({ username: sql<string>`inviter.username` })
        .from(users)
        .innerJoin(sql`users inviter`, sql`inviter.id = ${users.invitedBy}`)
        .where(eq(users.id, userId));
      const [invitees] = await db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId));
      const [active] = await db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), sessionLive(now)));
      const [tasks] = await db
        .select({ n: count() })
        .from(taskRuns)
        .where(and(eq(taskRuns.userId, userId), isNotNull(taskRuns.completedAt)));
      return {
        phoneVerified: (phone?.n ?? 0) > 0,
        invitedBy: inviter?.username ?? null,
        invitees: invitees?.n ?? 0,
        activeSessions: active?.n ?? 0,
        tasksCompleted: tasks?.n ?? 0,
      };
    },
  };
}
