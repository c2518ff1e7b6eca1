import { and, eq, isNull } from 'drizzle-orm';
import { formatAmount } from '#domain/money/amount.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { withdrawals } from '#server/db/schema.ts';
import { refund } from './payout-job.ts';

/**
 * What the operator does by hand when Earnest has no XRPL settings: list the withdrawals waiting to
 * be paid, record one as paid with its transaction hash, or reject one (which refunds it). A
 * withdrawal the payout job has already signed is never touched by hand: that could pay twice.
 */
export const payoutOperator = {
  async list(db: Db) {
    const rows = await db.select().from(withdrawals).where(eq(withdrawals.status, 'transferring'));
    return rows.map((row) => ({
      id: row.id,
      user: row.userId,
      amount: `${formatAmount(row.amount)} XRP`,
      destination: `${row.address} tag ${row.tag}`,
      requested: row.createdAt.toISOString(),
      signedByJob: row.txBlob !== null,
    }));
  },

  async paid(db: Db, clock: Clock, id: number, txHash: string): Promise<string | null> {
    if (!/^[0-9A-F]{64}$/i.test(txHash)) return 'a transaction hash is 64 hexadecimal characters';
    const updated = await db
      .update(withdrawals)
      .set({ status: 'success', txHash: txHash.toUpperCase(), settledAt: clock.now() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'transferring'), isNull(withdrawals.txBlob)))
      .returning({ id: withdrawals.id, amount: withdrawals.amount });
    const [row] = updated;
    if (!row) return 'no such withdrawal waiting for the operator';
    await db.update(withdrawals).set({ deliveredAmount: row.amount }).where(eq(withdrawals.id, id));
    return null;
  },

  async reject(db: Db, clock: Clock, id: number, reason: string): Promise<string | null> {
    if (reason.trim() === '') return 'a rejection needs a reason: the user is shown it';
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(withdrawals)
        .where(
          and(eq(withdrawals.id, id), eq(withdrawals.status, 'transferring'), isNull(withdrawals.txBlob)),
        )
        .for('update');
      if (!row) return 'no such withdrawal waiting for the operator';
      await refund(tx, row.id, row.userId, row.amount, reason.trim(), clock.now());
      return null;
    });
  },
};
