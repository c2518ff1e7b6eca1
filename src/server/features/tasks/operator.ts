import { TaskIdSchema } from '#contract/tasks.ts';
import { formatAmount } from '#domain/money/amount.ts';
import type { Db } from '#server/db/database.ts';
import { createTasksRepository } from './tasks.repository.ts';

const NO_SUCH_TASK = 'no such task';
/** The database keeps a position in 32 bits. */
const SORT_LIMIT = 2_147_483_647;

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
    if (!TaskIdSchema.safeParse(id).success) return NO_SUCH_TASK;
    return (await createTasksRepository(db).update(id, { enabled })) ? null : NO_SUCH_TASK;
  },

  async setSort(db: Db, id: number, sort: number): Promise<string | null> {
    if (!TaskIdSchema.safeParse(id).success) return NO_SUCH_TASK;
    if (!Number.isInteger(sort) || Math.abs(sort) > SORT_LIMIT) {
      return `the position is a whole number from -${SORT_LIMIT} to ${SORT_LIMIT}`;
    }
    return (await createTasksRepository(db).update(id, { sort })) ? null : NO_SUCH_TASK;
  },
};
