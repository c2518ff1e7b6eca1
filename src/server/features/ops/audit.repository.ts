import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { auditLog } from '#server/db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetKind?: string | undefined;
  targetId?: string | undefined;
  beforeId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The audit log: appended to in the transaction of the action it records, never changed (migration 0020). */
export function createAuditRepository(db: Db) {
  return {
    async append(row: NewAuditRow): Promise<void> {
      await db.insert(auditLog).values(row);
    },

    /** Newest first, `limit` entries matching every filter given. */
    async list(filter: AuditFilter, limit: number): Promise<AuditRow[]> {
      const where: SQL[] = [];
      if (filter.actor) where.push(eq(auditLog.actor, filter.actor));
      if (filter.action) where.push(eq(auditLog.action, filter.action));
      if (filter.targetKind) where.push(eq(auditLog.targetKind, filter.targetKind));
      if (filter.targetId) where.push(eq(auditLog.targetId, filter.targetId));
      if (filter.beforeId) where.push(lt(auditLog.id, filter.beforeId));
      if (filter.from) where.push(gte(auditLog.createdAt, filter.from));
      if (filter.to) where.push(lte(auditLog.createdAt, filter.to));
      return db
        .select()
        .from(auditLog)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
  };
}
