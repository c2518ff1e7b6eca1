import type { FastifyBaseLogger } from 'fastify';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import { JOB_HOLDS } from '#contract/withdraw.ts';
import { UNITS_PER_DROP } from '#domain/money/amount.ts';
import { ledgerTag } from '#domain/withdraw/address.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { accounts } from '#server/features/auth/auth.service.ts';
import { createPayoutsRepository } from '#server/features/withdraw/withdraw.service.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { neverIncluded, VALID_FOR_LEDGERS, type LedgerSnapshot, type Payer } from './xrpl-payer.ts';

/** The steps the job persists, in order; tests stop the job right after each one. */
export type PayoutStep = 'claimed' | 'signed' | 'submitted' | 'settled';

export interface PayoutJobDeps {
  db: Db;
  clock: Clock;
  rules: ProductRules;
  /** Null without XRPL settings: due withdrawals wait in "transferring" for the operator. */
  payer: Payer | null;
  /** Called after each persisted step (tests use it to crash the job there). */
  afterStep?: (step: PayoutStep, withdrawalId: number) => void;
  /** Where a payment that needs an operator's eyes is reported. */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Asked before each withdrawal's step: a shutdown lets the step in progress finish, then stops. */
  stopping?: () => boolean;
  /** Told once a withdrawal is final (paid or failed and refunded), after it is committed. */
  onFinal?: (withdrawal: { id: number; userId: number; status: 'success' | 'failed' }) => Promise<void>;
}

export interface PayoutRun {
  claimed: number;
  settled: number;
  /** Signed payments still waiting for the ledger's word: the runner comes back sooner for them. */
  inFlight: number;
}

const BATCH = 20;
const BACKOFF_MAX_PASSES = 64;
interface Backoff {
  failures: number;
  retryAtPass: number;
}
/** Rows whose last attempt threw, and from which pass this process tries them again (per database). */
const backoffsOf = new WeakMap<Db, { passes: number; rows: Map<number, Backoff> }>();

/** What a withdrawal held for a dry payout wallet tells its user. */
export const WALLET_REFILL = JOB_HOLDS.walletRefill;

/**
 * One pass of the payout job, safe to run in several processes at once and to kill at any point:
 * 1. due withdrawals move from processing to transferring (rows claimed with SKIP LOCKED);
 * 2. each transferring withdrawal without a signed payment gets ONE, stored (blob, hash, last ledger)
 *    before anything is sent — a withdrawal that has a blob is never signed again;
 * 3. the stored blob is (re)submitted; the same blob cannot pay twice;
 * 4. the outcome is read from the ledger: validated tesSUCCESS delivering the amount → success; a
 *    validated failure → failed, refunded by one ledger entry (but a failure for the payout wallet's
 *    funds → held for a refill, then signed anew); an expiry PROVEN (a complete search of
 *    its ledgers, or the account's Sequence not past the payment's after its last ledger) → signed
 *    again with the same Sequence, never refunded; its Sequence PROVEN taken by another validated
 *    transaction of the wallet → signed again with a new Sequence, never refunded; anything
 *    uncertain (not validated yet, or not found by a server that lacks some of the history while the
 *    Sequence was consumed) → left as it is, looked up again on the next pass, and reported to the
 *    operator.
 */
export async function runPayoutOnce(deps: PayoutJobDeps): Promise<PayoutRun> {
  const { db, clock, rules, payer, afterStep, log } = deps;
  const claimed = await claimDue(db, clock, rules);
  for (const id of claimed) afterStep?.('claimed', id);
  if (!payer) return { claimed: claimed.length, settled: 0, inFlight: 0 };
  // A server that is not synced or lacks history could mislead every decision below: no pass then.
  const problem = await payer.serverProblem();
  if (problem) {
    log?.warn({ problem }, 'payout pass skipped');
    return { claimed: claimed.length, settled: 0, inFlight: 0 };
  }

  const payouts = createPayoutsRepository(db);
  const transferring = await payouts.transferringIds(BATCH);
  let settled = 0;
  let stoppedAt: unknown = null;
  const step = (name: PayoutStep, id: number) => {
    try {
      afterStep?.(name, id);
    } catch (error) {
      stoppedAt = error;
      throw error;
    }
  };
  const state = backoffsOf.get(db) ?? { passes: 0, rows: new Map<number, Backoff>() };
  backoffsOf.set(db, state);
  state.passes += 1;
  const passNumber = state.passes;
  const backoffs = state.rows;
  for (const id of transferring) {
    if (deps.stopping?.()) break;
    // One row that keeps failing never blocks the rest: it is reported and tried again after a
    // growing pause (this process's own; the row itself stays as it was).
    const backoff = backoffs.get(id);
    if (backoff && backoff.retryAtPass > passNumber) continue;
    try {
      if (await payOne(deps, payer, id, step)) settled += 1;
      backoffs.delete(id);
    } catch (error) {
      // The step hook stands for the process dying there (tests): that stops the pass, as a kill would.
      if (error === stoppedAt) throw error;
      const failures = (backoff?.failures ?? 0) + 1;
      // Skipped for 1, 2, 4 … up to 64 passes: a row that keeps failing is tried less and less often.
      backoffs.set(id, {
        failures,
        retryAtPass: passNumber + Math.min(BACKOFF_MAX_PASSES, 2 ** (failures - 1)),
      });
      log?.error({ err: error, withdrawalId: id }, 'payout of one withdrawal failed; the others go on');
    }
  }
  return { claimed: claimed.length, settled, inFlight: await payouts.inFlightCount() };
}

/**
 * Pays one due withdrawal as a pass of the job does: signs it once (under its row's lock, stored
 * before anything is sent), submits it and reads its outcome. True when it became final.
 */
async function payOne(
  deps: PayoutJobDeps,
  xrpl: Payer,
  id: number,
  step: (name: PayoutStep, id: number) => void,
): Promise<boolean> {
  const { db, clock, log, onFinal } = deps;
  const payouts = createPayoutsRepository(db);
  // The ledger is read before the row's lock, only for a row that has no payment yet: a transaction
  // never waits on the network (the embedded database serves one at a time, so every request would
  // wait with it). Whatever the read is worth by the time the lock is held is checked under it.
  const unsigned = await payouts.byId(id);
  const snapshot = unsigned && !unsigned.txBlob ? await xrpl.snapshot() : null;
  // Sign once, under the row's lock, and commit before anything leaves this process.
  const row = await db.transaction(async (tx) => {
    const rows = createPayoutsRepository(tx);
    const locked = await rows.lockTransferring(id, { skipLocked: true });
    if (!locked || locked.claimedByOperatorAt !== null) return null;
    // A signed payment held for an operator (delivered amount not the amount) is theirs to settle.
    if (locked.txBlob) return locked.heldReason === null ? locked : null;
    // Its payment was forgotten (an expiry) since it was read: signed on the next pass.
    if (!snapshot) return null;
    // A banned or deleted account is not paid: the withdrawal is held with the recorded reason (the
    // user reads it on the record), and paid once the ban is lifted. A tag the ledger cannot carry is
    // held too. Never refunded for either.
    const tag = ledgerTag(locked.tag);
    const drops = locked.amount / UNITS_PER_DROP;
    const ledgerSequence = snapshot.nextSequence;
    const hold =
      (await accounts.closedReason(tx, locked.userId, clock.now())) ??
      (tag === null ? JOB_HOLDS.tag : null) ??
      // A wallet that cannot cover it would fail the payment (and burn a fee): it waits, never refunded.
      ((await walletCovers(tx, xrpl.address, xrpl.feeCapDrops, snapshot, id, drops, clock.now()))
        ? null
        : WALLET_REFILL);
    if (hold === WALLET_REFILL && locked.heldReason !== WALLET_REFILL) await walletDry(deps, tx, id, drops);
    if (hold !== locked.heldReason) await rows.setHeld(id, hold);
    if (hold !== null && locked.txSequence !== null) {
      // A Sequence kept from a proven expiry would open a gap that every later payment waits behind
      // while this one is held: it goes to the next payment instead.
      await rows.giveBackSequence(id, xrpl.address, locked.txSequence, ledgerSequence, clock.now());
    }
    if (hold !== null || tag === null) return null;
    // One Sequence per payment, kept when a proven expiry is signed again (or swapped for a lower
    // spare one): no gap ever opens.
    const kept =
      locked.txSequence !== null && locked.txSequence >= ledgerSequence ? locked.txSequence : undefined;
    const sequence = await rows.allocateSequence(xrpl.address, ledgerSequence, clock.now(), kept);
    const signed = xrpl.sign({ destination: locked.address, tag, drops, sequence }, snapshot);
    return rows.storeSigned(id, { ...signed, sequence });
  });
  if (!row?.txBlob || !row.txHash || row.lastLedgerSequence === null || row.txSequence === null) return false;
  const txHash = row.txHash;
  step('signed', id);

  try {
    const preliminary = await xrpl.submit(row.txBlob);
    if (neverIncluded(preliminary)) {
      // Not refunded (the ledger decides, and the expiry signs it again); but every payment signed
      // alike meets the same answer until an operator fixes the key or the network.
      await payouts.alert(
        id,
        'refused',
        `payment ${txHash} refused by the server: ${preliminary}`,
        clock.now(),
      );
      log?.error({ withdrawalId: id, txHash, result: preliminary }, 'payment refused for good by the server');
    }
  } catch {
    // A failed send is not a failed payment: the outcome lookup below (or the next pass) decides.
  }
  step('submitted', id);

  const outcome = await xrpl.outcome({
    hash: row.txHash,
    blob: row.txBlob,
    sequence: row.txSequence,
    // Payments signed before the signing ledger was stored: their last ledger less the window.
    signedLedger: row.txSignedLedger ?? row.lastLedgerSequence - VALID_FOR_LEDGERS,
    lastLedgerSequence: row.lastLedgerSequence,
  });
  if (outcome.kind === 'pending') {
    // Never refunded without proof it failed: an operator must look (the hash is on the record).
    if (outcome.unproven) {
      await payouts.alert(
        id,
        'unproven',
        `payment ${row.txHash} is past its last ledger but the server could not prove it absent`,
        clock.now(),
      );
      log?.warn(
        { withdrawalId: id, txHash: row.txHash },
        'payment past its last ledger but not proven absent: held',
      );
    }
    return false;
  }
  const done = await db.transaction(async (tx) => {
    const rows = createPayoutsRepository(tx);
    const locked = await rows.lockTransferring(id);
    // The outcome is the looked-up payment's: if another process has since forgotten it and signed
    // another, that one may be on its way, and this outcome says nothing about it.
    if (!locked || locked.txHash !== txHash) return null;
    const now = clock.now();
    if (outcome.kind === 'success' && outcome.deliveredDrops * UNITS_PER_DROP !== locked.amount) {
      // Validated, but not the amount: neither a success nor a failure to refund. Held for an operator.
      const reason = `${JOB_HOLDS.delivered}${outcome.deliveredDrops} drops of ${locked.amount / UNITS_PER_DROP}`;
      await rows.setHeld(id, reason);
      await rows.alert(id, 'delivered', `${locked.txHash}: ${reason}`, now);
      log?.error(
        { withdrawalId: id, txHash: locked.txHash, reason },
        'payment delivered another amount: held',
      );
      return null;
    }
    if (outcome.kind === 'expired') {
      log?.warn(
        { withdrawalId: id, txHash: locked.txHash, proof: outcome.proof },
        'payment proven never included: signed again',
      );
      // Proven never included: signed again (a fresh fee and last ledger) rather than refunded — the
      // user keeps their place. With the same Sequence, so no gap opens behind it, unless another
      // transaction took that one: then with the next free one (the signing step sees it consumed).
      await rows.forgetExpiredPayment(id, txHash);
      return null;
    }
    if (outcome.kind === 'failed' && WALLET_SHORT.has(outcome.reason)) {
      // The wallet could not cover it when the ledger applied it (drained from elsewhere): a final
      // failure that moved nothing and used up its Sequence. Not the user's doing, so not refunded:
      // held until the wallet is refilled, then signed anew.
      await rows.forgetRefusedPayment(id, txHash, WALLET_REFILL);
      await walletDry(deps, tx, id, locked.amount / UNITS_PER_DROP);
      return null;
    }
    if (outcome.kind === 'success') {
      await rows.markPaid(id, outcome.deliveredDrops * UNITS_PER_DROP, now);
      return { id, userId: locked.userId, status: 'success' as const };
    }
    await refund(tx, locked.id, locked.userId, locked.amount, outcome.reason, now);
    return { id, userId: locked.userId, status: 'failed' as const };
  });
  if (!done) return false;
  step('settled', id);
  // Telling the user must never undo or repeat a payment: a failure to notify is dropped here.
  await onFinal?.(done).catch(() => undefined);
  return true;
}

/**
 * Whether the payout wallet can pay `drops` for withdrawal `id` besides the payments already sent and
 * not in the snapshot's validated ledger (a Sequence it had not consumed): its balance does not show
 * those, and each may burn up to the fee cap. One in that ledger is in its balance already, settled
 * by the job or not, so it is not counted twice. Decided under the wallet's lock, so two processes
 * never both count on the same drops. The snapshot may be a ledger or two old by then; a payment
 * settled meanwhile is then counted by neither, and the ledger may refuse the one signed now for the
 * wallet's funds: that costs a fee, and such a refusal is held for a refill, never refunded.
 */
async function walletCovers(
  tx: Db,
  address: string,
  feeCapDrops: bigint,
  snapshot: LedgerSnapshot,
  id: number,
  drops: bigint,
  now: Date,
) {
  const rows = createPayoutsRepository(tx);
  await rows.lockWallet(address, snapshot.nextSequence, now);
  const inFlight = await rows.inFlightDrops(id, snapshot.nextSequence);
  const needed = drops + inFlight.drops + feeCapDrops * BigInt(inFlight.count + 1);
  return snapshot.spendableDrops >= needed;
}

/** Results by which the ledger refused a payment for the payout wallet's funds, not the destination. */
const WALLET_SHORT = new Set(['tecUNFUNDED_PAYMENT', 'tecINSUFF_FEE']);

/** Tells the operator the payout wallet cannot cover a withdrawal (once per hold). */
async function walletDry(deps: PayoutJobDeps, tx: Db, id: number, drops: bigint) {
  await createPayoutsRepository(tx).alert(
    id,
    'wallet',
    `the payout wallet cannot cover ${drops} drops`,
    deps.clock.now(),
  );
  deps.log?.error(
    { withdrawalId: id, drops: String(drops) },
    'the payout wallet cannot cover a withdrawal: refill it',
  );
}

/** Marks a withdrawal failed and gives the money back: one ledger entry, at most once per withdrawal. */
export async function refund(tx: Db, id: number, userId: number, amount: bigint, reason: string, now: Date) {
  await createPayoutsRepository(tx).markFailed(id, reason, now);
  await ledger.append(tx, {
    userId,
    kind: 'refund',
    amount,
    idempotencyKey: `refund:${id}`,
    reference: `refund:${id}`,
    createdAt: now,
  });
}

/** Moves withdrawals whose waiting period is over to "transferring"; each row by one process only. */
async function claimDue(db: Db, clock: Clock, rules: ProductRules): Promise<number[]> {
  return db.transaction((tx) => createPayoutsRepository(tx).claimDue(clock.now(), rules.waitingDays, BATCH));
}

/** Withdrawals still not final `alertAfterMs` after they became due: the operator must look. */
export async function overduePayouts(db: Db, clock: Clock, rules: ProductRules, alertAfterMs: number) {
  return createPayoutsRepository(db).overdue(clock.now(), rules.waitingDays, alertAfterMs);
}

/**
 * How far the payout job is behind: seconds since the oldest withdrawal that is due and not final
 * (waiting for its payment or for the ledger's word) became due; 0 when none is. A held one counts:
 * it is behind too, and the operator's alerts say why.
 */
export async function payoutLagSeconds(db: Db, clock: Clock, rules: ProductRules): Promise<number> {
  const dueAt = await createPayoutsRepository(db).oldestDueAt(rules.waitingDays);
  return dueAt === null ? 0 : Math.max(0, (clock.now().getTime() - dueAt.getTime()) / 1000);
}

/** Leaves a notice for the operator about a withdrawal, once per kind (listed by `ops payouts alerts`). */
export async function alertOperator(db: Db, withdrawalId: number, kind: string, message: string, now: Date) {
  await createPayoutsRepository(db).alert(withdrawalId, kind, message, now);
}

/** How long "pay now" waits for the ledger to validate the payment before answering (about 3 ledgers). */
const PAY_NOW_WAIT_MS = 12_000;
const PAY_NOW_POLL_MS = 500;

/**
 * An operator's "pay now" for one due withdrawal the job has not signed (docs/operators.md): the same
 * steps as a pass of the job, at once, then the outcome looked up again for a few seconds so the
 * operator usually sees it final. A withdrawal whose waiting period is over is taken from "processing"
 * first (the job would on its next pass). Anything still pending is the job's to finish, as ever.
 */
export async function payWithdrawalNow(deps: PayoutJobDeps & { payer: Payer }, id: number): Promise<boolean> {
  const problem = await deps.payer.serverProblem();
  if (problem) throw new Error(problem);
  await createPayoutsRepository(deps.db).claimDueOne(id, deps.clock.now(), deps.rules.waitingDays);
  const step = (name: PayoutStep, withdrawalId: number) => deps.afterStep?.(name, withdrawalId);
  for (let look = 0; ; look += 1) {
    if (await payOne(deps, deps.payer, id, step)) return true;
    const row = await createPayoutsRepository(deps.db).byId(id);
    // Not signed (held, claimed, or gone): nothing to wait for.
    if (!row?.txBlob || row.status !== 'transferring' || look * PAY_NOW_POLL_MS >= PAY_NOW_WAIT_MS)
      return false;
    await new Promise((resolve) => setTimeout(resolve, PAY_NOW_POLL_MS));
  }
}
