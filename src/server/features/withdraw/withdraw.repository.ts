import { and, desc, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/database.ts';
import {
  addressChanges,
  adSessions,
  destinationHolders,
  users,
  withdrawAddresses,
  withdrawals,
} from '#server/db/schema.ts';
import { withdrawalOpen } from '#server/db/withdrawal-open.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The withdrawal tables' queries; the ledger alone moves balances. */
export function createWithdrawRepository(db: Db) {
  return {
    /** Forgets where the user's money went: the saved address, and past withdrawals' destinations. */
    async eraseDestinationsOf(userId: number): Promise<void> {
      await db.delete(withdrawAddresses).where(eq(withdrawAddresses.userId, userId));
      await db.delete(addressChanges).where(eq(addressChanges.userId, userId));
      await db.update(withdrawals).set({ address: '', tag: '' }).where(eq(withdrawals.userId, userId));
    },

    /** How many withdrawals stand in each state (the metrics' figures). */
    async countsByStatus(): Promise<{ status: string; n: number }[]> {
      return db
        .select({ status: withdrawals.status, n: sql<number>`count(*)::int` })
        .from(withdrawals)
        .groupBy(withdrawals.status);
    },

    /** Withdrawals still waiting whose user has not watched the ad on `day`. */
    async waitingWithoutAd(day: string) {
      const waiting = await db
        .select({
          userId: withdrawals.userId,
          createdAt: withdrawals.createdAt,
          reducedHours: withdrawals.reducedHours,
          waitingDays: withdrawals.waitingDays,
        })
        .from(withdrawals)
        .where(eq(withdrawals.status, 'processing'));
      const watched = new Set(
        (
          await db
            .select({ userId: adSessions.userId })
            .from(adSessions)
            .where(and(eq(adSessions.day, day), isNotNull(adSessions.completedAt)))
        ).map((row) => row.userId),
      );
      return waiting.filter((row) => !watched.has(row.userId));
    },

    async address(userId: number) {
      const [row] = await db.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, userId));
      return row ?? null;
    },

    /** Saves the address once; false when the user already has one or another user has this address and tag. */
    async saveAddress(userId: number, address: string, tag: string, now: Date) {
      const inserted = await db
        .insert(withdrawAddresses)
        .values({ userId, address, tag, createdAt: now })
        .onConflictDoNothing()
        .returning({ userId: withdrawAddresses.userId });
      return inserted.length === 1;
    },

    /**
     * Whether another account holds this address and tag (each can belong to one account only): one
     * that has it saved, or the first that ever saved it (`destination`: its keyed hash).
     */
    async addressHeldByOther(
      userId: number,
      address: string,
      tag: string,
      destination: string,
    ): Promise<boolean> {
      const [saved] = await db
        .select({ userId: withdrawAddresses.userId })
        .from(withdrawAddresses)
        .where(and(eq(withdrawAddresses.address, address), eq(withdrawAddresses.tag, tag)));
      if (saved !== undefined && saved.userId !== userId) return true;
      const holder = await this.holderOf(destination);
      return holder !== null && holder !== userId;
    },

    async holderOf(destination: string): Promise<number | null> {
      const [row] = await db
        .select({ userId: destinationHolders.userId })
        .from(destinationHolders)
        .where(eq(destinationHolders.destination, destination));
      return row?.userId ?? null;
    },

    /**
     * Makes the user the holder of a destination nobody holds yet; whether the user holds it now. The
     * primary key settles a race: the second insert waits for the first and then finds its row.
     */
    async claimDestination(destination: string, userId: number, now: Date): Promise<boolean> {
      await db
        .insert(destinationHolders)
        .values({ destination, userId, createdAt: now })
        .onConflictDoNothing();
      return (await this.holderOf(destination)) === userId;
    },

    /**
     * Every address and tag saved or paid to before holders were recorded, each with its first
     * account; none when holders are already recorded (they are from then on).
     */
    async unrecordedDestinations(): Promise<{ address: string; tag: string; userId: number }[]> {
      const [recorded] = await db
        .select({ userId: destinationHolders.userId })
        .from(destinationHolders)
        .limit(1);
      if (recorded) return [];
      const rows = rowsOf<{ address: string; tag: string; user_id: string | number }>(
        await db.execute(sql`
        SELECT DISTINCT ON (address, tag) address, tag, user_id FROM (
          SELECT address, tag, user_id, created_at FROM ${withdrawAddresses}
          UNION ALL SELECT address, tag, user_id, created_at FROM ${withdrawals} WHERE address <> ''
          UNION ALL SELECT old_address, old_tag, user_id, created_at FROM ${addressChanges}
        ) d ORDER BY address, tag, created_at`),
      );
      return rows.map((row) => ({ address: row.address, tag: row.tag, userId: Number(row.user_id) }));
    },

    async recordHolders(holders: { destination: string; userId: number }[], now: Date): Promise<void> {
      for (let start = 0; start < holders.length; start += 1000) {
        const batch = holders.slice(start, start + 1000).map((holder) => ({ ...holder, createdAt: now }));
        await db.insert(destinationHolders).values(batch).onConflictDoNothing();
      }
    },

    /** Replaces the address, starts its hold and records the change (call it in a transaction). */
    async changeAddress(change: {
      userId: number;
      old: { address: string; tag: string };
      address: string;
      tag: string;
      now: Date;
      holdUntil: Date;
    }) {
      await db
        .update(withdrawAddresses)
        .set({ address: change.address, tag: change.tag, holdUntil: change.holdUntil })
        .where(eq(withdrawAddresses.userId, change.userId));
      await db.insert(addressChanges).values({
        userId: change.userId,
        oldAddress: change.old.address,
        oldTag: change.old.tag,
        newAddress: change.address,
        newTag: change.tag,
        createdAt: change.now,
        holdUntil: change.holdUntil,
      });
    },

    async addressChanges(userId: number) {
      return db
        .select()
        .from(addressChanges)
        .where(eq(addressChanges.userId, userId))
        .orderBy(desc(addressChanges.createdAt));
    },

    async open(userId: number): Promise<WithdrawalRow | null> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), withdrawalOpen()));
      return row ?? null;
    },

    async create(row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
      const [created] = await db.insert(withdrawals).values(row).returning();
      if (!created) throw new Error('withdrawal insert returned nothing');
      return created;
    },

    /** Withdrawals still open, or requested or settled since `from`: a payout after the 30-day wait shows too. */
    async since(userId: number, from: Date): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.userId, userId),
            or(gte(withdrawals.createdAt, from), gte(withdrawals.settledAt, from), withdrawalOpen()),
          ),
        )
        .orderBy(desc(withdrawals.createdAt));
    },

    async recentPaid(limit: number) {
      return db
        .select({ username: users.username, amount: withdrawals.amount, settledAt: withdrawals.settledAt })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(eq(withdrawals.status, 'success'))
        .orderBy(desc(withdrawals.settledAt))
        .limit(limit);
    },

    async adSession(userId: number, day: string) {
      const [row] = await db
        .select()
        .from(adSessions)
        .where(and(eq(adSessions.userId, userId), eq(adSessions.day, day)));
      return row ?? null;
    },

    async openAdSession(userId: number, withdrawalId: number, day: string, now: Date) {
      // Re-opening an unfinished ad the same day starts its clock again; a finished one stays finished.
      await db
        .insert(adSessions)
        .values({ userId, withdrawalId, day, openedAt: now })
        .onConflictDoUpdate({
          target: [adSessions.userId, adSessions.day],
          set: { openedAt: now, withdrawalId },
          setWhere: sql`${adSessions.completedAt} is null`,
        });
    },

    async completeAdSession(sessionId: number, withdrawalId: number, hours: number, now: Date) {
      const done = await db
        .update(adSessions)
        .set({ completedAt: now, reducedHours: hours })
        .where(and(eq(adSessions.id, sessionId), sql`${adSessions.completedAt} is null`))
        .returning({ id: adSessions.id });
      if (done.length === 0) return false;
      return this.reduceWait(withdrawalId, hours);
    },

    /** Takes hours off a withdrawal's wait while it is still waiting; whether it was. */
    async reduceWait(withdrawalId: number, hours: number): Promise<boolean> {
      const reduced = await db
        .update(withdrawals)
        .set({ reducedHours: sql`${withdrawals.reducedHours} + ${hours}` })
        .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'processing')))
        .returning({ id: withdrawals.id });
      return reduced.length === 1;
    },
  };
}

export type WithdrawRepository = ReturnType<typeof createWithdrawRepository>;
