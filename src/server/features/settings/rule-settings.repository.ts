import { asc } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { ruleSettings } from '#server/db/schema.ts';

export type RuleSettingRow = typeof ruleSettings.$inferSelect;

/** The dated changes of the user-facing rules; rows are only ever added. */
export function createRuleSettingsRepository(db: Db) {
  return {
    async all(): Promise<RuleSettingRow[]> {
      return db.select().from(ruleSettings).orderBy(asc(ruleSettings.effectiveAt), asc(ruleSettings.id));
    },

    async add(row: Omit<typeof ruleSettings.$inferInsert, 'id'>): Promise<RuleSettingRow> {
      const [added] = await db.insert(ruleSettings).values(row).returning();
      if (!added) throw new Error('the setting change was not returned');
      return added;
    },
  };
}
