import { count, eq, sql, type SQL } from 'drizzle-orm';
import { needsPhone, needsWallet, type InviteRule } from '#domain/invite/counting.ts';
import { activeLocks } from '#server/db/account-locks.ts';
import { rowsOf, type Db } from '#server/db/database.ts';
import { users, withdrawAddresses } from '#server/db/schema.ts';

/**
 * Facts about the invitee in `users` row alias `i`, as SQL booleans (see domain/invite/counting.ts).
 * A number counts for the invitee who verified it first among open invited accounts.
 */
function inviteeFacts(now: Date) {
  const open = (alias: string) => sql`not exists (${activeLocks(sql.raw(`${alias}.id`), now)})`;
  return {
    phoneVerified: sql<boolean>`exists (select 1 from verified_phones vp where vp.user_id = i.id)`,
    walletBound: sql<boolean>`exists (select 1 from withdraw_addresses wa where wa.user_id = i.id)`,
    closed: sql<boolean>`not ${open('i')}`,
    phoneCountedElsewhere: sql<boolean>`exists (
      select 1 from verified_phones mine
      join verified_phones other on other.phone = mine.phone and other.user_id <> mine.user_id
      join users o on o.id = other.user_id
      where mine.user_id = i.id and o.invited_by is not null
        and (other.verified_at, other.user_id) < (mine.verified_at, mine.user_id)
        and ${open('o')}
    )`,
  };
}

/** The condition under which invitee `i` counts under a rule. */
function counts(rule: InviteRule, now: Date): SQL {
  const facts = inviteeFacts(now);
  const parts: SQL[] = [sql`not ${facts.closed}`];
  if (needsPhone(rule)) parts.push(sql`${facts.phoneVerified} and not ${facts.phoneCountedElsewhere}`);
  if (needsWallet(rule)) parts.push(facts.walletBound);
  return sql.join(
    parts.map((part) => sql`(${part})`),
    sql` and `,
  );
}

/** The account's figures and invitations, for a database or a transaction. */
export function createAccountRepository(db: Db) {
  return {
    async findUser(userId: number) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    async countInvitees(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId));
      return row?.n ?? 0;
    },

    /** Invitees whose invitation counts under the rule in force: only they raise the inviter's rate. */
    async countCountedInvitees(userId: number, rule: InviteRule, now: Date): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from users i where i.invited_by = ${userId} and ${counts(rule, now)}`,
        ),
      );
      return Number(row?.n ?? 0);
    },

    /** The latest invitees, newest first, with the facts that decide whether each counts. */
    async listInvitees(userId: number, limit: number, now: Date) {
      const facts = inviteeFacts(now);
      const rows = rowsOf<{
        username: string;
        created_at: string | Date;
        phone_verified: boolean;
        wallet_bound: boolean;
        closed: boolean;
        phone_counted_elsewhere: boolean;
      }>(
        await db.execute(sql`select i.username, i.created_at,
              ${facts.phoneVerified} as phone_verified, ${facts.walletBound} as wallet_bound,
              ${facts.closed} as closed, ${facts.phoneCountedElsewhere} as phone_counted_elsewhere
            from users i where i.invited_by = ${userId}
            order by i.created_at desc, i.id desc limit ${limit}`),
      );
      return rows.map((row) => ({
        username: row.username,
        createdAt: new Date(row.created_at),
        phoneVerified: row.phone_verified,
        walletBound: row.wallet_bound,
        closed: row.closed,
        phoneCountedElsewhere: row.phone_counted_elsewhere,
      }));
    },

    async hasWithdrawAddress(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(withdrawAddresses)
        .where(eq(withdrawAddresses.userId, userId));
      return (row?.n ?? 0) > 0;
    },

    async markWelcomed(userId: number, now: Date): Promise<Date> {
      const [row] = await db
        .update(users)
        .set({ welcomedAt: sql`coalesce(${users.welcomedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(users.id, userId))
        .returning({ welcomedAt: users.welcomedAt });
      return row?.welcomedAt ?? now;
    },

    async setLanguage(userId: number, language: string): Promise<void> {
      await db.update(users).set({ language }).where(eq(users.id, userId));
    },

    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
