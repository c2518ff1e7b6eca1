import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { ledgerEntries, users, withdrawAddresses } from '#server/db/schema.ts';

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

    /** Invitees who have bound a withdrawal address: only they raise the inviter's rate. */
    async countBoundInvitees(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .innerJoin(withdrawAddresses, eq(withdrawAddresses.userId, users.id))
        .where(eq(users.invitedBy, userId));
      return row?.n ?? 0;
    },

    /** The latest invitees, newest first, with whether each has bound a withdrawal address. */
    async listInvitees(userId: number, limit: number) {
      return db
        .select({
          username: users.username,
          createdAt: users.createdAt,
          bound: sql<boolean>`${withdrawAddresses.userId} is not null`,
        })
        .from(users)
        .leftJoin(withdrawAddresses, eq(withdrawAddresses.userId, users.id))
        .where(eq(users.invitedBy, userId))
        .orderBy(desc(users.createdAt))
        .limit(limit);
    },

    async hasWithdrawAddress(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(withdrawAddresses)
        .where(eq(withdrawAddresses.userId, userId));
      return (row?.n ?? 0) > 0;
    },

    /** Count and sum of a user's ledger entries of one kind. */
    async entryTotals(userId: number, kind: string): Promise<{ count: number; total: bigint }> {
      const [row] = await db
        .select({ n: count(), total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, kind)));
      return { count: row?.n ?? 0, total: BigInt(row?.total ?? '0') };
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
