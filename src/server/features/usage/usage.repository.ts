import { desc, gte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { usageCounts } from '#server/db/schema.ts';

/** The day's totals of each usage event; nothing else is stored. */
export function createUsageRepository(db: Db) {
  return {
    async add(day: string, counts: [event: string, n: number][]): Promise<void> {
      if (counts.length === 0) return;
      await db
        .insert(usageCounts)
        .values(counts.map(([event, count]) => ({ day, event, count })))
        .onConflictDoUpdate({
          target: [usageCounts.day, usageCounts.event],
          set: { count: sql`${usageCounts.count} + excluded.count` },
        });
    },

    async since(day: string) {
      return db
        .select()
        .from(usageCounts)
        .where(gte(usageCounts.day, day))
        .orderBy(desc(usageCounts.day), usageCounts.event);
    },
  };
}
