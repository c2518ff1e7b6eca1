import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { exactSum } from '#server/db/exact-sum.ts';
import { payoutWallets, users, withdrawals } from '#server/db/schema.ts';
import { withdrawalOpen } from '#server/db/withdrawal-open.ts';

/**
 * What the public transparency page reads of withdrawals (src/server/features/transparency): the paid
 * ones and the sums. A paid withdrawal's `settled_at` is when the payout job (or the operator's
 * checked hash) recorded the ledger's validated result: the time the payout became final.
 */
export function createPaidWithdrawalsRepository(db: Db) {
  return {
    /** Paid withdrawals validated since `from`: when requested, when validated, the ad's hours. */
    async paidSince(from: Date) {
      const rows = await db
        .select({
          requestedAt: withdrawals.createdAt,
          validatedAt: withdrawals.settledAt,
          reducedHours: withdrawals.reducedHours,
        })
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'success'), gte(withdrawals.settledAt, from)));
      return rows.flatMap((row) => (row.validatedAt ? [{ ...row, validatedAt: row.validatedAt }] : []));
    },

    /**
     * The payout wallet the payout job last signed with (it records each one): what a web process
     * that holds no key and was given no PAYOUT_WALLET_ADDRESS shows as the wallet.
     */
    async lastPayoutWallet(): Promise<string | null> {
      const [row] = await db
        .select({ address: payoutWallets.address })
        .from(payoutWallets)
        .orderBy(desc(payoutWallets.updatedAt))
        .limit(1);
      return row?.address ?? null;
    },

    /** The sum and number of every withdrawal ever paid. */
    async paidTotal(): Promise<{ total: bigint; count: number }> {
      const [row] = await db
        .select({
          total: exactSum(withdrawals.amount),
          count: sql<number>`count(*)::int`,
        })
        .from(withdrawals)
        .where(eq(withdrawals.status, 'success'));
      return { total: BigInt(row?.total ?? '0'), count: row?.count ?? 0 };
    },

    /** Requested and not paid yet: still owed, though no longer in any balance. */
    async openTotal(): Promise<bigint> {
      const [row] = await db
        .select({ total: exactSum(withdrawals.amount) })
        .from(withdrawals)
        .where(withdrawalOpen());
      return BigInt(row?.total ?? '0');
    },

    /** One page of paid withdrawals, newest validation first, after the one with id `beforeId`. */
    async paidPage(beforeId: number | undefined, limit: number) {
      const after =
        beforeId === undefined
          ? sql`true`
          : sql`(${withdrawals.settledAt}, ${withdrawals.id}) < (select w.settled_at, w.id from withdrawals w where w.id = ${beforeId})`;
      return db
        .select({
          id: withdrawals.id,
          username: users.username,
          amount: withdrawals.amount,
          requestedAt: withdrawals.createdAt,
          validatedAt: withdrawals.settledAt,
          txHash: withdrawals.txHash,
        })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(and(eq(withdrawals.status, 'success'), sql`${withdrawals.settledAt} is not null`, after))
        .orderBy(desc(withdrawals.settledAt), desc(withdrawals.id))
        .limit(limit);
    },
  };
}

export type PaidWithdrawalsRepository = ReturnType<typeof createPaidWithdrawalsRepository>;
