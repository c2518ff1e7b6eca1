import { formatAmount, UNITS_PER_DROP } from '#domain/money/amount.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { createPayoutsRepository } from '#server/features/withdraw/withdraw.service.ts';
import { refund } from './payout-job.ts';
import type { LedgerPayment, Payer } from './xrpl-payer.ts';

/** Why a ledger transaction does not pay this withdrawal; null when it does. */
function paymentProblem(
  payment: LedgerPayment | null,
  address: string,
  tag: string,
  drops: bigint,
): string | null {
  if (!payment) return 'the ledger has no validated transaction with this hash';
  if (payment.result !== 'tesSUCCESS') return `the transaction failed on the ledger (${payment.result})`;
  if (payment.destination !== address || String(payment.tag) !== tag) {
    return "the transaction went to another address or tag than this withdrawal's";
  }
  if (payment.deliveredDrops !== drops) {
    return `the transaction delivered ${payment.deliveredDrops ?? 0} drops, not ${drops}`;
  }
  return null;
}

/**
 * What the operator does by hand: list the withdrawals waiting to be paid, claim one (the payout job
 * then leaves it alone), record a claimed one as paid with its transaction hash — checked on the
 * ledger when one is configured — or reject one (which refunds it). A withdrawal the payout job has
 * already signed is never touched by hand: that could pay twice.
 */
export const payoutOperator = {
  async list(db: Db) {
    const rows = await createPayoutsRepository(db).listTransferring();
    return rows.map((row) => ({
      id: row.id,
      user: row.userId,
      amount: `${formatAmount(row.amount)} XRP`,
      destination: `${row.address} tag ${row.tag}`,
      requested: row.createdAt.toISOString(),
      signedByJob: row.txBlob !== null,
      claimed: row.claimedByOperatorAt !== null,
      held: row.heldReason,
    }));
  },

  /** The payout job's notices, newest first. */
  async alerts(db: Db) {
    const rows = await createPayoutsRepository(db).alerts();
    return rows.map((row) => ({
      withdrawal: row.withdrawalId,
      kind: row.kind,
      message: row.message,
      since: row.createdAt.toISOString(),
    }));
  },

  /** Takes a withdrawal the job has not signed out of the job's hands, to pay it by hand. */
  async claim(db: Db, clock: Clock, id: number): Promise<string | null> {
    const claimed = await createPayoutsRepository(db).claimForOperator(id, clock.now());
    return claimed ? null : 'no such withdrawal waiting, unsigned and unclaimed';
  },

  /** Gives a claimed withdrawal back to the payout job. */
  async release(db: Db, id: number): Promise<string | null> {
    const released = await createPayoutsRepository(db).releaseOperatorClaim(id);
    return released ? null : 'no such withdrawal waiting';
  },

  /**
   * Records a claimed withdrawal as paid by a ledger transaction, in one transaction: with a ledger
   * to ask, only a validated, successful payment to this withdrawal's address and tag that delivered
   * exactly its amount; a hash can pay one withdrawal only.
   */
  async paid(
    db: Db,
    clock: Clock,
    id: number,
    txHash: string,
    ledger: Pick<Payer, 'payment'> | null,
  ): Promise<string | null> {
    if (!/^[0-9A-F]{64}$/i.test(txHash)) return 'a transaction hash is 64 hexadecimal characters';
    const hash = txHash.toUpperCase();
    const onLedger = ledger ? await ledger.payment(hash) : undefined;
    return db.transaction(async (tx) => {
      const rows = createPayoutsRepository(tx);
      const row = await rows.lockUnsigned(id);
      if (!row) return 'no such withdrawal waiting for the operator';
      if (row.claimedByOperatorAt === null)
        return 'claim the withdrawal first, so the payout job leaves it alone';
      if (onLedger !== undefined) {
        const problem = paymentProblem(onLedger, row.address, row.tag, row.amount / UNITS_PER_DROP);
        if (problem) return problem;
      }
      const taken = await rows.paidBy(hash);
      if (taken !== null) return `this transaction already paid withdrawal ${taken}`;
      await rows.markPaid(id, row.amount, clock.now(), hash);
      return null;
    });
  },

  async reject(db: Db, clock: Clock, id: number, reason: string): Promise<string | null> {
    if (reason.trim() === '') return 'a rejection needs a reason: the user is shown it';
    return db.transaction(async (tx) => {
      const row = await createPayoutsRepository(tx).lockUnsigned(id);
      if (!row) return 'no such withdrawal waiting for the operator';
      await refund(tx, row.id, row.userId, row.amount, reason.trim(), clock.now());
      return null;
    });
  },
};
