import { catalogueEntry, type OpsErrorCode } from '#contract/ops-errors.ts';
import { TaskIdSchema } from '#contract/tasks.ts';
import { formatAmount } from '#domain/money/amount.ts';
import { mapOk, type Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { audited, type AuditActor } from '#server/features/ops/ops.service.ts';
import { moveTask, switchTask } from './tasks-console.service.ts';
import { createTasksRepository } from './tasks.repository.ts';

const NO_SUCH_TASK = 'no such task';
/** The database keeps a position in 32 bits. */
const SORT_LIMIT = 2_147_483_647;

/**
 * The operator's task catalog commands, with the console's checks and audit entries (as `cli`). The
 * day's tasks are the enabled ones in `sort` order until the count or the daily cap is reached, so
 * switching a task on often means ordering it too (e.g. the notification task, off in the demo
 * catalog: see demo-catalog.ts).
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

  /** Switches a task on or off with the console's checks, and its audit entry, in one transaction. */
  async setEnabled(
    db: Db,
    clock: Clock,
    actor: AuditActor,
    id: number,
    enabled: boolean,
  ): Promise<string | null> {
    if (!TaskIdSchema.safeParse(id).success) return NO_SUCH_TASK;
    const switched = await audited(db, actor, clock.now(), async (tx) =>
      mapOk(await switchTask(tx, id, enabled), (change) => ({
        audit: {
          action: enabled ? ('task.enable' as const) : ('task.disable' as const),
          target: { kind: 'task' as const, id },
          ...change,
          reason: null,
        },
        value: null,
      })),
    );
    return problemOf(switched);
  },

  async setSort(db: Db, clock: Clock, actor: AuditActor, id: number, sort: number): Promise<string | null> {
    if (!TaskIdSchema.safeParse(id).success) return NO_SUCH_TASK;
    if (!Number.isInteger(sort) || Math.abs(sort) > SORT_LIMIT) {
      return `the position is a whole number from -${SORT_LIMIT} to ${SORT_LIMIT}`;
    }
    const moved = await audited(db, actor, clock.now(), async (tx) =>
      mapOk(await moveTask(tx, id, sort), (order) => ({
        audit: { action: 'task.reorder' as const, ...order, reason: null },
        value: null,
      })),
    );
    return problemOf(moved);
  },
};

const problemOf = (result: Result<null, OpsErrorCode>): string | null =>
  result.ok ? null : result.error === 'ops.task_not_found' ? NO_SUCH_TASK : catalogueEntry(result.error).msg;
