import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { operators, operatorSessions, operatorSetupLinks } from '#server/db/schema.ts';
import { updateAny } from '#server/db/update-count.ts';

export type OperatorRow = typeof operators.$inferSelect;

/** The operators' tables — operators, their set-up links and their sessions — for a database or a transaction. */
export function createOperatorsRepository(db: Db) {
  return {
    async insert(values: { name: string; role: string; createdAt: Date }): Promise<OperatorRow | null> {
      const [row] = await db.insert(operators).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async byName(name: string): Promise<OperatorRow | null> {
      const [row] = await db.select().from(operators).where(eq(operators.name, name));
      return row ?? null;
    },

    async byId(id: number): Promise<OperatorRow | null> {
      const [row] = await db.select().from(operators).where(eq(operators.id, id));
      return row ?? null;
    },

    /** Locks the operator's row until the transaction ends. */
    async lock(id: number): Promise<void> {
      await db.execute(sql`select 1 from ${operators} where ${operators.id} = ${id} for update`);
    },

    /**
     * Holds the operator's row (shared: their own actions do not wait on each other, a disable or a
     * reset waits for them) and tells whether the session is still live for an operator still enabled.
     */
    async holdLiveSession(operatorId: number, sessionId: number): Promise<boolean> {
      await db.execute(sql`select 1 from ${operators} where ${operators.id} = ${operatorId} for share`);
      const [row] = await db
        .select({ id: operatorSessions.id })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.id, sessionId),
            eq(operatorSessions.operatorId, operatorId),
            isNull(operatorSessions.revokedAt),
            isNull(operators.disabledAt),
          ),
        );
      return row !== undefined;
    },

    async list(): Promise<OperatorRow[]> {
      return db.select().from(operators).orderBy(asc(operators.name));
    },

    async setCredentials(
      id: number,
      credentials: { passwordHash: string | null; totpSecret: string | null; totpLastStep: number | null },
    ) {
      await db.update(operators).set(credentials).where(eq(operators.id, id));
    },

    async disable(id: number, now: Date): Promise<boolean> {
      return updateAny(
        db,
        operators,
        { disabledAt: now },
        and(eq(operators.id, id), isNull(operators.disabledAt)),
      );
    },

    /**
     * Takes a TOTP time step for the operator if it is later than the last one taken, atomically: a
     * code is accepted once, and never one from before a code already used.
     */
    async takeTotpStep(id: number, step: number): Promise<boolean> {
      return updateAny(
        db,
        operators,
        { totpLastStep: step },
        and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
      );
    },

    async insertSetupLink(values: typeof operatorSetupLinks.$inferInsert): Promise<void> {
      await db.insert(operatorSetupLinks).values(values);
    },

    /** A set-up link that can still be used at `now`, with its operator. */
    async liveSetupLink(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ link: operatorSetupLinks, operator: operators })
        .from(operatorSetupLinks)
        .innerJoin(operators, eq(operators.id, operatorSetupLinks.operatorId))
        .where(
          and(
            eq(operatorSetupLinks.tokenHash, tokenHash),
            isNull(operatorSetupLinks.usedAt),
            gt(operatorSetupLinks.expiresAt, now),
            isNull(operators.disabledAt),
          ),
        );
      return row ?? null;
    },

    /** Marks a link used, if no one did first; whether this call did. */
    async useSetupLink(id: number, now: Date): Promise<boolean> {
      return updateAny(
        db,
        operatorSetupLinks,
        { usedAt: now },
        and(eq(operatorSetupLinks.id, id), isNull(operatorSetupLinks.usedAt)),
      );
    },

    /** Ends every unused link of an operator (a new one replaces them). */
    async voidSetupLinks(operatorId: number, now: Date): Promise<void> {
      await db
        .update(operatorSetupLinks)
        .set({ usedAt: now })
        .where(and(eq(operatorSetupLinks.operatorId, operatorId), isNull(operatorSetupLinks.usedAt)));
    },

    async insertSession(values: typeof operatorSessions.$inferInsert): Promise<number> {
      const [row] = await db.insert(operatorSessions).values(values).returning({ id: operatorSessions.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** A session that was not revoked, with its operator (the caller checks the time limits). */
    async openSession(tokenHash: string) {
      const [row] = await db
        .select({ session: operatorSessions, operator: operators })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
      return row ?? null;
    },

    async touchSession(id: number, now: Date): Promise<void> {
      await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, id));
    },

    async revokeSession(id: number, now: Date): Promise<void> {
      await db
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)));
    },

    async revokeSessionsOf(operatorId: number, now: Date): Promise<void> {
      await db
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
