import { catalogueEntry, type OpsErrorCode } from '#contract/ops-errors.ts';
import { formatAmount, UNITS_PER_DROP } from '#domain/money/amount.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { CLI, holdLiveActor, recordAudit, type AuditActor } from '#server/features/ops/ops.service.ts';
import type { AuditAction } from '#domain/ops/audit.ts';
import { createPayoutsRepository, type PayoutRow } from '#server/features/withdraw/withdraw.service.ts';
import { payWithdrawalNow, refund, type PayoutJobDeps } from './payout-job.ts';
import { ledger } from '#server/ledger/ledger.ts';
import type { LedgerPayment, Payer } from './xrpl-payer.ts';

/** A withdrawal after an operator's action, and whether the action changed it. */
export interface OperatorOutcome {
  row: PayoutRow;
  changed: boolean;
}
type Outcome = Result<OperatorOutcome, OpsErrorCode>;

/** Why a ledger transaction does not pay this withdrawal; null when it does. */
function paymentProblem(
  payment: LedgerPayment | null,
  address: string,
  tag: string,
  drops: bigint,
): OpsErrorCode | null {
  if (!payment) return 'ops.ledger_no_payment';
  if (payment.result !== 'tesSUCCESS') return 'ops.ledger_failed';
  if (payment.destination !== address || String(payment.tag) !== tag) return 'ops.ledger_other_destination';
  if (payment.deliveredDrops !== drops) return 'ops.ledger_other_amount';
  return null;
}

/** What the audit log keeps of a withdrawal's state (amounts as exact decimal strings). */
function auditState(row: PayoutRow) {
  return {
    status: row.status,
    amount: formatAmount(row.amount),
    held: row.heldReason,
    claimed: row.claimedByOperatorAt !== null,
    tx_hash: row.txHash,
    failure_reason: row.failureReason,
  };
}

/**
 * Writes an operator's action on a withdrawal to the audit log (its state before and after, the
 * reason given, blank kept as none, and what else the action did) and answers the changed withdrawal.
 */
async function audited(
  tx: Db,
  actor: AuditActor,
  action: AuditAction,
  change: {
    before: PayoutRow;
    after: PayoutRow;
    reason?: string | undefined;
    also?: Record<string, unknown>;
  },
  now: Date,
): Promise<Outcome> {
  const { before, after, reason = '', also = {} } = change;
  await recordAudit(
    tx,
    actor,
    {
      action,
      target: { kind: 'withdrawal', id: before.id },
      reason: reason.trim() || null,
      before: auditState(before),
      after: { ...auditState(after), ...also },
    },
    now,
  );
  return ok({ row: after, changed: true });
}

/** Why an operator may not take a withdrawal from the job: it is not due, final, or signed by the job. */
function notWaiting(row: PayoutRow | null): OpsErrorCode | null {
  if (!row) return 'ops.withdrawal_not_found';
  if (row.status === 'processing') return 'ops.withdrawal_not_due';
  // A kept Sequence: the job is signing it again after a proven expiry (a moment later it has a blob).
  if (row.status !== 'transferring' || row.txBlob !== null || row.txSequence !== null) {
    return 'ops.withdrawal_not_waiting';
  }
  return null;
}

/**
 * What an operator does to a withdrawal, from the console or the command line (docs/operators.md,
 * docs/payouts.md#by-hand): each change and its audit entry commit in one transaction. A withdrawal the
 * payout job has already signed is never touched by hand: that could pay it twice.
 */
export const payoutActions = {
  /** Takes a due withdrawal the job has not signed out of the job's hands, to pay it by hand. */
  async claim(db: Db, clock: Clock, actor: AuditActor, id: number, reason = ''): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const rows = createPayoutsRepository(tx);
      const row = await rows.lockAny(id);
      const refusal = notWaiting(row);
      if (refusal || !row) return fail(refusal ?? 'ops.withdrawal_not_found');
      if (row.claimedByOperatorAt !== null) return fail('ops.withdrawal_claimed');
      const now = clock.now();
      await rows.claimForOperator(id, now);
      const after = { ...row, claimedByOperatorAt: now };
      return audited(tx, actor, 'withdrawal.claim', { before: row, after, reason }, now);
    });
  },

  /** Gives a claimed withdrawal back to the payout job (nothing to do when it is not claimed). */
  async release(db: Db, clock: Clock, actor: AuditActor, id: number, reason = ''): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const rows = createPayoutsRepository(tx);
      const row = await rows.lockAny(id);
      if (!row) return fail('ops.withdrawal_not_found');
      if (row.status !== 'transferring') return fail('ops.withdrawal_not_waiting');
      if (row.claimedByOperatorAt === null) return ok({ row, changed: false });
      await rows.releaseOperatorClaim(id);
      const after = { ...row, claimedByOperatorAt: null };
      const now = clock.now();
      return audited(tx, actor, 'withdrawal.release', { before: row, after, reason }, now);
    });
  },

  /**
   * Records a claimed withdrawal as paid by a ledger transaction: with a ledger to ask, only a
   * validated, successful payment to this withdrawal's address and tag that delivered exactly its
   * amount; a hash pays one withdrawal only. The same hash again for the same withdrawal changes nothing.
   */
  async markPaid(
    db: Db,
    clock: Clock,
    actor: AuditActor,
    input: { id: number; txHash: string; reason?: string },
    ledger: Pick<Payer, 'payment'> | null,
  ): Promise<Outcome> {
    if (!/^[0-9A-F]{64}$/i.test(input.txHash)) return fail('ops.hash_invalid');
    const hash = input.txHash.toUpperCase();
    let onLedger: LedgerPayment | null | undefined;
    try {
      onLedger = ledger ? await ledger.payment(hash) : undefined;
    } catch {
      return fail('ops.ledger_unreachable');
    }
    return db.transaction(async (tx) => {
      const rows = createPayoutsRepository(tx);
      const row = await rows.lockAny(input.id);
      if (row?.status === 'success' && row.txHash === hash) return ok({ row, changed: false });
      const refusal = notWaiting(row);
      if (refusal || !row) return fail(refusal ?? 'ops.withdrawal_not_found');
      if (row.claimedByOperatorAt === null) return fail('ops.claim_first');
      if (onLedger !== undefined) {
        const problem = paymentProblem(onLedger, row.address, row.tag, row.amount / UNITS_PER_DROP);
        if (problem) return fail(problem);
      }
      if ((await rows.paidBy(hash)) !== null) return fail('ops.hash_used');
      const now = clock.now();
      await rows.markPaid(row.id, row.amount, now, hash);
      const after: PayoutRow = {
        ...row,
        status: 'success',
        deliveredAmount: row.amount,
        settledAt: now,
        txHash: hash,
      };
      return audited(
        tx,
        actor,
        'withdrawal.mark_paid',
        {
          before: row,
          after,
          reason: input.reason,
          also: { checked_on_ledger: onLedger !== undefined },
        },
        now,
      );
    });
  },

  /**
   * Rejects a withdrawal not yet signed by the payout job, waiting or due, and gives the money back
   * (one refund entry, at most once per withdrawal); the user is shown the reason. Rejecting it again
   * changes nothing. One claimed by an operator is refused: they may have sent the payment already.
   */
  async reject(db: Db, clock: Clock, actor: AuditActor, id: number, reason: string): Promise<Outcome> {
    const why = reason.trim();
    if (why === '') return fail('ops.reason_required');
    return db.transaction(async (tx) => {
      const rows = createPayoutsRepository(tx);
      // The account first, then the withdrawal: the order a user's request on it takes them (an ad's
      // reduction holds the account's lock when it updates the withdrawal), or the two deadlock.
      const owner = await rows.ownerOf(id);
      if (owner !== null) await ledger.lockUser(tx, owner);
      const row = await rows.lockAny(id);
      if (!row) return fail('ops.withdrawal_not_found');
      if (row.status === 'failed') return ok({ row, changed: false });
      if (row.status === 'success' || row.txBlob !== null || row.txSequence !== null) {
        return fail('ops.withdrawal_not_waiting');
      }
      if (row.claimedByOperatorAt !== null) return fail('ops.withdrawal_claimed');
      const now = clock.now();
      await refund(tx, row.id, row.userId, row.amount, why, now);
      const after: PayoutRow = { ...row, status: 'failed', failureReason: why, settledAt: now };
      return audited(
        tx,
        actor,
        'withdrawal.reject',
        { before: row, after, reason: why, also: { refunded: formatAmount(row.amount) } },
        now,
      );
    });
  },

  /**
   * Pays a due withdrawal the job has not signed, at once, with the payout key this process holds.
   * The audit entry is written after the attempt, with what became of it: the payment itself is
   * stored by the job's own steps, which never wait on anything else's transaction.
   */
  async payNow(
    deps: Omit<PayoutJobDeps, 'payer'>,
    connect: (() => Promise<Payer>) | null,
    actor: AuditActor,
    id: number,
    reason = '',
  ): Promise<Outcome> {
    if (!connect) return fail('ops.payouts_unavailable');
    const rows = createPayoutsRepository(deps.db);
    const before = await rows.byId(id);
    // Due but not yet moved on by the job (it moves them on each pass): it may be paid now too.
    const due =
      before?.status === 'processing' && (await rows.isDue(id, deps.clock.now(), deps.rules.waitingDays));
    const refusal = due ? null : notWaiting(before);
    if (refusal || !before) return fail(refusal ?? 'ops.withdrawal_not_found');
    if (before.claimedByOperatorAt !== null) return fail('ops.withdrawal_claimed');
    // A payment sent cannot be rolled back: the session is checked before it goes, and the entry
    // written after it is written whatever became of the session meanwhile.
    await deps.db.transaction((tx) => holdLiveActor(tx, actor));
    const { sessionId: _checked, ...recorder } = actor;
    let payer: Payer;
    try {
      payer = await connect();
    } catch {
      return fail('ops.ledger_unreachable');
    }
    // The attempt is recorded whatever became of it: a connection lost after the payment was signed
    // and sent has still moved money on its way, and the log must say who started it.
    let interrupted = false;
    try {
      await payWithdrawalNow({ ...deps, payer }, id);
    } catch {
      interrupted = true;
    } finally {
      await payer.close().catch(() => undefined);
    }
    const after = (await rows.byId(id)) ?? before;
    const recorded = await deps.db.transaction((tx) =>
      audited(
        tx,
        recorder,
        'withdrawal.pay_now',
        {
          before,
          after,
          reason,
          also: interrupted ? { interrupted: 'the XRP Ledger server stopped answering' } : {},
        },
        deps.clock.now(),
      ),
    );
    return interrupted ? fail('ops.ledger_unreachable') : recorded;
  },
};

/** The command line's wording of an outcome: null when it worked, else the catalogue's message. */
const messageOf = (outcome: Outcome): string | null =>
  outcome.ok ? null : catalogueEntry(outcome.error).msg;

/**
 * The command line's payout commands (`npm run ops -- payouts …`): the same actions, recorded in the
 * audit log as `cli`, answering null or the reason it was refused.
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

  claim: async (db: Db, clock: Clock, id: number, actor: AuditActor = CLI) =>
    messageOf(await payoutActions.claim(db, clock, actor, id)),

  release: async (db: Db, clock: Clock, id: number, actor: AuditActor = CLI) =>
    messageOf(await payoutActions.release(db, clock, actor, id)),

  paid: async (
    db: Db,
    clock: Clock,
    id: number,
    txHash: string,
    ledger: Pick<Payer, 'payment'> | null,
    actor: AuditActor = CLI,
  ) => messageOf(await payoutActions.markPaid(db, clock, actor, { id, txHash }, ledger)),

  reject: async (db: Db, clock: Clock, id: number, reason: string, actor: AuditActor = CLI) =>
    messageOf(await payoutActions.reject(db, clock, actor, id, reason)),
};
