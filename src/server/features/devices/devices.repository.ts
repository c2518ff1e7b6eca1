import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { pairingCodes } from '#server/db/schema.ts';
import { updateAny, updateCount } from '#server/db/update-count.ts';

export type PairingCodeRow = typeof pairingCodes.$inferSelect;

/** The pairing codes (devices owns `pairing_codes`), for a database or a transaction. */
export function createDevicesRepository(db: Db) {
  return {
    /** Stores a new code; false when the code is taken (the caller draws another). */
    async insertCode(row: typeof pairingCodes.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(pairingCodes)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: pairingCodes.id });
      return inserted.length === 1;
    },

    /** Forgets codes that expired before `before`: they can do nothing, and they name a browser. */
    async pruneCodes(before: Date): Promise<void> {
      await db.delete(pairingCodes).where(lt(pairingCodes.expiresAt, before));
    },

    async findCode(code: string): Promise<PairingCodeRow | null> {
      const [row] = await db.select().from(pairingCodes).where(eq(pairingCodes.code, code));
      return row ?? null;
    },

    /** Approves a code for a user from one of its sessions, once, while unused, unexpired, not voided. */
    async approve(id: number, userId: number, sessionId: number, now: Date): Promise<boolean> {
      return updateAny(
        db,
        pairingCodes,
        { userId, approvedAt: now, approvedBySession: sessionId },
        and(
          eq(pairingCodes.id, id),
          isNull(pairingCodes.approvedAt),
          isNull(pairingCodes.voidedAt),
          gt(pairingCodes.expiresAt, now),
        ),
      );
    },

    /** Marks an approved code collected, once; false when someone collected or voided it first. */
    async collect(id: number, now: Date): Promise<boolean> {
      return updateAny(
        db,
        pairingCodes,
        { collectedAt: now },
        and(eq(pairingCodes.id, id), isNull(pairingCodes.collectedAt), isNull(pairingCodes.voidedAt)),
      );
    },

    /** Voids every code approved for the account and not yet collected; returns how many. */
    async voidCodesOf(userId: number, now: Date): Promise<number> {
      return updateCount(
        db,
        pairingCodes,
        { voidedAt: now },
        and(eq(pairingCodes.userId, userId), isNull(pairingCodes.collectedAt), isNull(pairingCodes.voidedAt)),
      );
    },

    /** Forgets where the account's codes came from (a deleted account keeps no address or device). */
    async eraseCodesOf(userId: number): Promise<void> {
      await db
        .update(pairingCodes)
        .set({ userAgent: null, country: null })
        .where(eq(pairingCodes.userId, userId));
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
