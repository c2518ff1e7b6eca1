import { formatAmount } from '#domain/money/amount.ts';
import type { Db } from '#server/db/database.ts';
import { createTasksRepository } from './tasks.repository.ts';

/**
 * The operator's task catalog commands. The day's tasks are the enabled ones in `sort` order until
 * the count or the daily cap is reached, so switching a task on often means ordering it too (e.g. the
 * notification task, off in the demo catalog: see demo-catalog.ts).
 */
export const taskOperator = {
  async list(db: Db) {
    const rows = await createTasksRepository(db).catalog();
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: (row.content as { text?: Record<string, { title?: string }> }).text?.['en']?.title ?? '',
      reward: `${formatAmount(row.reward)} XRP`,
      seconds: row.requiredSeconds,
      enabled: row.enabled,
      sort: row.sort,
    }));
  },

  async setEnabled(db: Db, id: number, enabled: boolean): Promise<string | null> {
    return (await createTasksRepository(db).update(id, { enabled })) ? null : 'no such task';
  },

  async setSort(db: Db, id: number, sort: number): Promise<string | null> {
    if (!Number.isInteger(sort)) return 'the position is a whole number';
    return (await createTasksRepository(db).update(id, { sort })) ? null : 'no such task';
  },
};
