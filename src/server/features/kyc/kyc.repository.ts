import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { phoneBonuses, phoneCodes, smsSends, verifiedPhones } from '#server/db/schema.ts';

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

/** What an SMS send is counted by: hashes and ids only (see sms_sends). */
export type SendKey = 'numberHash' | 'rangeHash' | 'ipHash' | 'userId';

/** The kyc feature's tables: phone codes, SMS sends, verified phones and phone bonuses. */
export function createKycRepository(db: Db) {
  return {
    async verifiedPhone(userId: number) {
      const [row] = await db.select().from(verifiedPhones).where(eq(verifiedPhones.userId, userId));
      return row ?? null;
    },

    async hasBonus(userId: number): Promise<boolean> {
      const [row] = await db.select().from(phoneBonuses).where(eq(phoneBonuses.userId, userId));
      return Boolean(row);
    },

    async latestCode(userId: number): Promise<PhoneCodeRow | null> {
      const [row] = await db
        .select()
        .from(phoneCodes)
        .where(eq(phoneCodes.userId, userId))
        .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
        .limit(1);
      return row ?? null;
    },

    /** Serialises SMS sends until the transaction ends, so parallel requests cannot slip past a limit. */
    async lockSends(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('earnest:sms'))`);
    },

    async lastSendAt(numberHash: string): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: smsSends.createdAt })
        .from(smsSends)
        .where(eq(smsSends.numberHash, numberHash))
        .orderBy(desc(smsSends.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },

    /** SMS sent since `since` whose `key` equals `value`. */
    async sentSince(key: SendKey, value: string | number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(smsSends)
        .where(and(eq(smsSends[key], value), gte(smsSends.createdAt, since)));
      return row?.n ?? 0;
    },

    async recordSend(row: typeof smsSends.$inferInsert): Promise<number> {
      const [send] = await db.insert(smsSends).values(row).returning({ id: smsSends.id });
      if (!send) throw new Error('sms send insert returned nothing');
      return send.id;
    },

    /** Forgets codes sent before `before`, with the number and address each was sent for. */
    async pruneCodes(before: Date): Promise<void> {
      await db.delete(phoneCodes).where(lt(phoneCodes.createdAt, before));
    },

    async createCode(row: typeof phoneCodes.$inferInsert): Promise<PhoneCodeRow> {
      const [code] = await db.insert(phoneCodes).values(row).returning();
      if (!code) throw new Error('phone code insert returned nothing');
      return code;
    },

    async setCodeHash(codeId: number, codeHash: string): Promise<void> {
      await db.update(phoneCodes).set({ codeHash }).where(eq(phoneCodes.id, codeId));
    },

    /** Forgets a code that was never sent, and its send: it must not count against any limit. */
    async voidUnsent(codeId: number, sendId: number): Promise<void> {
      await db.delete(phoneCodes).where(eq(phoneCodes.id, codeId));
      await db.delete(smsSends).where(eq(smsSends.id, sendId));
    },

    async setAttempts(codeId: number, attempts: number): Promise<void> {
      await db.update(phoneCodes).set({ attempts }).where(eq(phoneCodes.id, codeId));
    },

    /** Marks the code used and the phone verified. */
    async verify(code: PhoneCodeRow, now: Date): Promise<void> {
      await db.update(phoneCodes).set({ consumedAt: now }).where(eq(phoneCodes.id, code.id));
      await db.insert(verifiedPhones).values({ userId: code.userId, phone: code.phone, verifiedAt: now });
    },

    /** Forgets the user's phone: codes and the verified number (the bonus record keeps only a hash). */
    async eraseOf(userId: number): Promise<void> {
      await db.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
      await db.delete(verifiedPhones).where(eq(verifiedPhones.userId, userId));
    },

    /** Takes the once-per-number bonus for `userId`; false when the number (by its key) had it. */
    async claimBonus(phoneKey: string, legacyKey: string, userId: number, now: Date): Promise<boolean> {
      const [earlier] = await db
        .select({ phone: phoneBonuses.phone })
        .from(phoneBonuses)
        .where(eq(phoneBonuses.phone, legacyKey));
      if (earlier) return false;
      const rows = await db
        .insert(phoneBonuses)
        .values({ phone: phoneKey, userId, createdAt: now })
        .onConflictDoNothing()
        .returning({ phone: phoneBonuses.phone });
      return rows.length === 1;
    },
  };
}

export type KycRepository = ReturnType<typeof createKycRepository>;
