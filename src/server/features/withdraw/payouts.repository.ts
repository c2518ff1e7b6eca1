import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { UNITS_PER_DROP } from '#domain/money/amount.ts';
import type { Db } from '#server/db/database.ts';
import { operatorAlerts, payoutWallets, users, withdrawals } from '#server/db/schema.ts';
import { updateAny } from '#server/db/update-count.ts';
import { withdrawalOpen } from '#server/db/withdrawal-open.ts';

export type PayoutRow = typeof withdrawals.$inferSelect;

/** What the console's queue may be filtered by (docs/operators.md#withdrawals). */
export interface QueueFilter {
  state: 'open' | 'processing' | 'transferring' | 'held' | 'claimed' | 'success' | 'failed' | 'all';
  /** Part of the user name, or the user's id. */
  user?: string | undefined;
  /** Only withdrawals requested at or before this time. */
  requestedBefore?: Date | undefined;
  /** The next page: withdrawals after this id. */
  afterId?: number | undefined;
  limit: number;
}

/** Escapes LIKE's wildcards in text typed by an operator. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A withdrawal's signed payment, forgotten: what the job signs next replaces it. */
const NO_SIGNED_PAYMENT = { txBlob: null, txHash: null, lastLedgerSequence: null, txSignedLedger: null };

/** When a processing withdrawal falls due: its waiting period, less the hours the ads took off. */
// Each withdrawal waits the period kept on its row (the one in force when it was requested); rows
// from before periods were kept wait the configured one, which was in force then. A day is 24 hours,
// as the app shows it (src/domain/withdraw/waiting.ts): PostgreSQL adds calendar days in the
// session's time zone, a day of 23 or 25 hours across a summer-time change.
const dueAt = (waitingDays: number) =>
  sql`${withdrawals.createdAt} + make_interval(hours => 24 * coalesce(${withdrawals.waitingDays}, ${waitingDays}) - ${withdrawals.reducedHours})`;

/**
 * The queries of the payout job and of the operator who pays by hand (src/server/features/payouts):
 * withdrawals from the moment they fall due, the payout wallet's next Sequence, and the notices left
 * for the operator. The ledger alone moves balances (a refund is a ledger entry, appended by the caller).
 */
export function createPayoutsRepository(db: Db) {
  /**
   * Locks the payout wallet's row until the transaction ends (made on first use): whatever is decided
   * about its funds and Sequences under it, no other process decides at the same time.
   */
  async function lockWallet(address: string, ledgerSequence: number, now: Date) {
    await db
      .insert(payoutWallets)
      .values({ address, nextSequence: ledgerSequence, updatedAt: now })
      .onConflictDoNothing();
    const [wallet] = await db
      .select()
      .from(payoutWallets)
      .where(eq(payoutWallets.address, address))
      .for('update');
    return wallet;
  }

  return {
    /** Moves up to `limit` withdrawals whose waiting period is over to "transferring"; each row once. */
    async claimDue(now: Date, waitingDays: number, limit: number): Promise<number[]> {
      const due = await db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'processing'), sql`${dueAt(waitingDays)} <= ${now}`))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((row) => row.id);
      await db.update(withdrawals).set({ status: 'transferring' }).where(inArray(withdrawals.id, ids));
      return ids;
    },

    /**
     * The withdrawals the job has work on, oldest first, those not held before the held ones (which it
     * looks at again to release them): a long list of held rows never keeps new payments waiting.
     * Rows in an operator's hands and signed payments held for one are theirs, not the job's.
     */
    async transferringIds(limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.status, 'transferring'),
            isNull(withdrawals.claimedByOperatorAt),
            or(isNull(withdrawals.txBlob), isNull(withdrawals.heldReason)),
          ),
        )
        .orderBy(sql`${withdrawals.heldReason} is not null`, withdrawals.createdAt)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * What the signed payments not settled yet will take from the wallet, but `exceptId`'s and those
     * whose Sequence is below `fromSequence` (the validated ledger consumed it, so its balance shows
     * them): their amounts in drops and how many they are (each may burn up to the fee cap).
     */
    async inFlightDrops(exceptId: number, fromSequence: number): Promise<{ drops: bigint; count: number }> {
      const [row] = await db
        .select({
          amount: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text`,
          count: sql<number>`count(*)::int`,
        })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.status, 'transferring'),
            isNotNull(withdrawals.txBlob),
            isNull(withdrawals.heldReason),
            ne(withdrawals.id, exceptId),
            gte(withdrawals.txSequence, fromSequence),
          ),
        );
      return { drops: BigInt(row?.amount ?? '0') / UNITS_PER_DROP, count: row?.count ?? 0 };
    },

    /** Signed payments still waiting for the ledger's word. */
    async inFlightCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'transferring'), isNotNull(withdrawals.txBlob)));
      return row?.n ?? 0;
    },

    /**
     * Locks a withdrawal waiting to be paid; with `skipLocked`, one another process holds is passed
     * over (null) instead of waited for.
     */
    async lockTransferring(id: number, { skipLocked = false } = {}): Promise<PayoutRow | null> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'transferring')))
        .for('update', skipLocked ? { skipLocked: true } : {});
      return row ?? null;
    },

    /** Locks a withdrawal waiting to be paid that the payout job has not signed (the operator's kind). */
    async lockUnsigned(id: number): Promise<PayoutRow | null> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(
          and(eq(withdrawals.id, id), eq(withdrawals.status, 'transferring'), isNull(withdrawals.txBlob)),
        )
        .for('update');
      return row ?? null;
    },

    async setHeld(id: number, reason: string | null): Promise<void> {
      await db.update(withdrawals).set({ heldReason: reason }).where(eq(withdrawals.id, id));
    },

    /** Stores a signed payment before anything is sent: it is the only one this withdrawal has. */
    async storeSigned(
      id: number,
      signed: {
        blob: string;
        hash: string;
        lastLedgerSequence: number;
        signedLedger: number;
        sequence: number;
      },
    ): Promise<PayoutRow | null> {
      const [row] = await db
        .update(withdrawals)
        .set({
          txBlob: signed.blob,
          txHash: signed.hash,
          lastLedgerSequence: signed.lastLedgerSequence,
          txSignedLedger: signed.signedLedger,
          txSequence: signed.sequence,
        })
        .where(eq(withdrawals.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Forgets the payment `txHash`, proven never included, so it is signed again with its Sequence;
     * false when the row holds another payment by now (that one may be on its way).
     */
    async forgetExpiredPayment(id: number, txHash: string): Promise<boolean> {
      return updateAny(
        db,
        withdrawals,
        NO_SIGNED_PAYMENT,
        and(eq(withdrawals.id, id), eq(withdrawals.txHash, txHash)),
      );
    },

    /**
     * Forgets the payment `txHash`, which the ledger refused for good (its Sequence is used up and it
     * moved nothing), with its Sequence, and holds the withdrawal for `reason`: it is signed anew once
     * the hold ends. False when the row holds another payment by now.
     */
    async forgetRefusedPayment(id: number, txHash: string, reason: string): Promise<boolean> {
      return updateAny(
        db,
        withdrawals,
        { ...NO_SIGNED_PAYMENT, txSequence: null, heldReason: reason },
        and(eq(withdrawals.id, id), eq(withdrawals.txHash, txHash)),
      );
    },

    /** A validated payment of exactly the amount: final. `txHash` when the operator recorded it. */
    async markPaid(id: number, delivered: bigint, now: Date, txHash?: string): Promise<void> {
      await db
        .update(withdrawals)
        .set({ status: 'success', deliveredAmount: delivered, settledAt: now, ...(txHash ? { txHash } : {}) })
        .where(eq(withdrawals.id, id));
    },

    async markFailed(id: number, reason: string, now: Date): Promise<void> {
      await db
        .update(withdrawals)
        .set({ status: 'failed', failureReason: reason, settledAt: now })
        .where(eq(withdrawals.id, id));
    },

    lockWallet,

    /**
     * The next Sequence for the payout wallet, under its row's lock: no two payments share one, across
     * processes. A spare one (given back) comes first, the lowest; then the next one. The ledger's own
     * Sequence wins when it is ahead (the account was used from elsewhere). With `kept`, the Sequence a
     * payment already holds: it is swapped for a lower spare one (and given back) if there is one.
     */
    async allocateSequence(
      address: string,
      ledgerSequence: number,
      now: Date,
      kept?: number,
    ): Promise<number> {
      const wallet = await lockWallet(address, ledgerSequence, now);
      const spares = (wallet?.spareSequences ?? []).filter((s) => s >= ledgerSequence).sort((a, b) => a - b);
      const next = Math.max(wallet?.nextSequence ?? ledgerSequence, ledgerSequence);
      const lowestSpare = spares[0];
      let sequence: number;
      if (lowestSpare !== undefined && (kept === undefined || lowestSpare < kept)) {
        sequence = lowestSpare;
        spares.shift();
        if (kept !== undefined) spares.push(kept);
      } else {
        sequence = kept ?? next;
      }
      await db
        .update(payoutWallets)
        .set({
          nextSequence: Math.max(next, sequence + 1),
          spareSequences: spares.sort((a, b) => a - b),
          updatedAt: now,
        })
        .where(eq(payoutWallets.address, address));
      return sequence;
    },

    /**
     * Takes an unused Sequence from a withdrawal that will not be paid now (held): it becomes spare
     * for the next payment, unless the ledger has used it up already.
     */
    async giveBackSequence(
      id: number,
      address: string,
      sequence: number,
      ledgerSequence: number,
      now: Date,
    ): Promise<void> {
      await db.update(withdrawals).set({ txSequence: null }).where(eq(withdrawals.id, id));
      const wallet = await lockWallet(address, ledgerSequence, now);
      if (sequence < ledgerSequence || !wallet || wallet.spareSequences.includes(sequence)) return;
      await db
        .update(payoutWallets)
        .set({ spareSequences: [...wallet.spareSequences, sequence].sort((a, b) => a - b), updatedAt: now })
        .where(eq(payoutWallets.address, address));
    },

    /** Withdrawals still waiting `alertAfterMs` after they fell due. */
    async overdue(now: Date, waitingDays: number, alertAfterMs: number) {
      return db
        .select({ id: withdrawals.id, heldReason: withdrawals.heldReason })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.status, 'transferring'),
            sql`${dueAt(waitingDays)} + make_interval(secs => ${alertAfterMs / 1000}) <= ${now}`,
          ),
        );
    },

    /** When the oldest withdrawal not final yet fell (or falls) due; null when there is none. */
    async oldestDueAt(waitingDays: number): Promise<Date | null> {
      const [row] = await db
        .select({ dueAt: sql<string | null>`min(${dueAt(waitingDays)})` })
        .from(withdrawals)
        .where(withdrawalOpen());
      return row?.dueAt ? new Date(row.dueAt) : null;
    },

    async listTransferring(): Promise<PayoutRow[]> {
      return db.select().from(withdrawals).where(eq(withdrawals.status, 'transferring'));
    },

    /** Takes an unsigned, unclaimed withdrawal out of the job's hands; false when there is none such. */
    async claimForOperator(id: number, now: Date): Promise<boolean> {
      return updateAny(
        db,
        withdrawals,
        { claimedByOperatorAt: now },
        and(
          eq(withdrawals.id, id),
          eq(withdrawals.status, 'transferring'),
          isNull(withdrawals.txBlob),
          isNull(withdrawals.claimedByOperatorAt),
        ),
      );
    },

    async releaseOperatorClaim(id: number): Promise<boolean> {
      return updateAny(
        db,
        withdrawals,
        { claimedByOperatorAt: null },
        and(eq(withdrawals.id, id), eq(withdrawals.status, 'transferring')),
      );
    },

    /** The withdrawal a ledger transaction already paid, if any. */
    async paidBy(txHash: string): Promise<number | null> {
      const [row] = await db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(eq(withdrawals.txHash, txHash));
      return row?.id ?? null;
    },

    /** Whether a processing withdrawal's waiting period is over. */
    async isDue(id: number, now: Date, waitingDays: number): Promise<boolean> {
      const [row] = await db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.id, id),
            eq(withdrawals.status, 'processing'),
            sql`${dueAt(waitingDays)} <= ${now}`,
          ),
        );
      return row !== undefined;
    },

    /** Moves one processing withdrawal whose waiting period is over to "transferring"; false if not. */
    async claimDueOne(id: number, now: Date, waitingDays: number): Promise<boolean> {
      return updateAny(
        db,
        withdrawals,
        { status: 'transferring' },
        and(
          eq(withdrawals.id, id),
          eq(withdrawals.status, 'processing'),
          sql`${dueAt(waitingDays)} <= ${now}`,
        ),
      );
    },

    /** The account a withdrawal belongs to (it never changes); null when there is no such withdrawal. */
    async ownerOf(id: number): Promise<number | null> {
      const [row] = await db
        .select({ userId: withdrawals.userId })
        .from(withdrawals)
        .where(eq(withdrawals.id, id));
      return row?.userId ?? null;
    },

    /** Locks one withdrawal, whatever its state (the console's actions decide what they may do). */
    async lockAny(id: number): Promise<PayoutRow | null> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      return row ?? null;
    },

    async byId(id: number): Promise<PayoutRow | null> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      return row ?? null;
    },

    /** The user name of a withdrawal's account, as the console lists it. */
    async usernameOf(userId: number): Promise<string | null> {
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
      return row?.username ?? null;
    },

    /** The console's queue: oldest request first, with the user's name, filtered. */
    async queue(filter: QueueFilter) {
      const where: (SQL | undefined)[] = [];
      const open = withdrawalOpen();
      if (filter.state === 'open') where.push(open);
      else if (filter.state === 'held') where.push(open, isNotNull(withdrawals.heldReason));
      else if (filter.state === 'claimed') where.push(open, isNotNull(withdrawals.claimedByOperatorAt));
      else if (filter.state !== 'all') where.push(eq(withdrawals.status, filter.state));
      const user = filter.user?.trim();
      if (user) {
        where.push(
          // An id fits in 15 digits; a longer number is only searched for as a name.
          /^\d{1,15}$/.test(user)
            ? or(eq(withdrawals.userId, Number(user)), ilike(users.username, likeText(user)))
            : ilike(users.username, likeText(user)),
        );
      }
      if (filter.requestedBefore) where.push(lte(withdrawals.createdAt, filter.requestedBefore));
      if (filter.afterId !== undefined) where.push(gt(withdrawals.id, filter.afterId));
      return db
        .select({ withdrawal: withdrawals, username: users.username })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(and(...where))
        .orderBy(asc(withdrawals.id))
        .limit(filter.limit);
    },

    /** Leaves a notice about a withdrawal for the operator, once per kind. */
    async alert(withdrawalId: number, kind: string, message: string, now: Date): Promise<void> {
      await db
        .insert(operatorAlerts)
        .values({ withdrawalId, kind, message, createdAt: now })
        .onConflictDoNothing();
    },

    /** The notices, newest first. */
    async alerts() {
      return db.select().from(operatorAlerts).orderBy(desc(operatorAlerts.createdAt));
    },
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
