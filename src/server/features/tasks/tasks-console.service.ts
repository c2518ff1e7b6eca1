import type { ConsoleTask, TaskDraft } from '#contract/ops-tasks.ts';
import type { OpsErrorCode } from '#contract/ops-errors.ts';
import { LOCALES } from '#domain/i18n/locales.ts';
import { formatAmount, parseDrops } from '#domain/money/amount.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import { opensTarget, TASK_TYPES, type TaskType } from '#domain/tasks/task-rules.ts';
import { missingLocales, type TaskWords } from '#domain/tasks/task-texts.ts';
import { epochSeconds } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { TaskContent } from './demo-catalog.ts';
import { createTasksRepository, type TaskRow, type TaskTerms } from './tasks.repository.ts';

type ConsoleTaskError = Extract<
  OpsErrorCode,
  | 'ops.task_not_found'
  | 'ops.task_translation_missing'
  | 'ops.task_reward_invalid'
  | 'ops.task_target_required'
  | 'ops.task_type_fixed'
  | 'ops.task_order_invalid'
>;

type TaskChange = Result<{ before: ConsoleTask; after: ConsoleTask }, ConsoleTaskError>;

async function withTime(tx: Db, row: TaskRow): Promise<ConsoleTask> {
  const times = await createTasksRepository(tx).versionTimes();
  return consoleTask(row, times.get(`${row.id}:${row.version}`));
}

/** A task locked for a change, and how it reads before it; null when there is no such task. */
async function lockedTask(tx: Db, id: number): Promise<{ row: TaskRow; before: ConsoleTask } | null> {
  const row = await createTasksRepository(tx).byId(id, true);
  return row && { row, before: await withTime(tx, row) };
}

/**
 * Switches a task on or off, for the console and the command line alike: a task is switched on only
 * with words in every language.
 */
export async function switchTask(tx: Db, id: number, enabled: boolean): Promise<TaskChange> {
  const task = await lockedTask(tx, id);
  if (!task) return fail('ops.task_not_found');
  if (enabled && task.before.missing.length > 0) return fail('ops.task_translation_missing');
  await createTasksRepository(tx).update(id, { enabled });
  return ok({ before: task.before, after: { ...task.before, enabled } });
}

/** Gives one task a position (the command line's way to order); the catalog's order before and after. */
export async function moveTask(
  tx: Db,
  id: number,
  sort: number,
): Promise<Result<{ before: number[]; after: number[] }, ConsoleTaskError>> {
  const repo = createTasksRepository(tx);
  if (!(await lockedTask(tx, id))) return fail('ops.task_not_found');
  const before = (await repo.catalog()).map((row) => row.id);
  await repo.update(id, { sort });
  return ok({ before, after: (await repo.catalog()).map((row) => row.id) });
}

/** Types whose behaviour needs more than the form holds (survey questions, a test push). */
const FIXED_TYPES: readonly TaskType[] = ['survey', 'notification'];

const typeOf = (row: TaskRow): TaskType =>
  (TASK_TYPES as readonly string[]).includes(row.type) ? (row.type as TaskType) : 'regular';

function textsOf(content: TaskContent): Partial<Record<string, TaskWords>> {
  return Object.fromEntries(
    LOCALES.flatMap((locale) => {
      const words = content.text[locale];
      return words ? [[locale, { title: words.title, text: words.text }]] : [];
    }),
  );
}

/** A task as the console shows it (and as the audit log records it: amounts as XRP decimals). */
export function consoleTask(row: TaskRow, versionTime: Date | undefined): ConsoleTask {
  const content = row.content as TaskContent;
  const texts = textsOf(content);
  return {
    id: row.id,
    version: row.version,
    version_time: epochSeconds(versionTime ?? new Date(0)),
    enabled: row.enabled,
    sort: row.sort,
    type: typeOf(row),
    reward: formatAmount(row.reward),
    required_seconds: row.requiredSeconds,
    target_url: row.targetUrl,
    texts,
    questions: content.questions?.length ?? 0,
    missing: missingLocales(texts),
  };
}

/**
 * The operator's side of the task catalog (docs/operators.md#tasks). Every change runs in the
 * caller's transaction, beside its audit entry. Editing writes a new version rather than changing
 * one: days already accepted keep the versions they pinned, so what a user was shown is what is
 * credited (docs/product-rules.md#shown-equals-credited).
 */
export function createTasksConsole({ rules }: { rules: ProductRules }) {
  /** The draft as stored terms, or why it cannot be one. */
  function termsOf(
    draft: TaskDraft,
    previous: TaskRow | null,
  ): Result<{ terms: TaskTerms; missing: string[] }, ConsoleTaskError> {
    const reward = parseDrops(draft.reward);
    if (reward === null || reward <= 0n || reward > rules.dailyTaskCap)
      return fail('ops.task_reward_invalid');
    const previousType = previous ? typeOf(previous) : null;
    const fixed = (type: TaskType | null) => type !== null && FIXED_TYPES.includes(type);
    if (fixed(draft.type) || fixed(previousType)) {
      if (draft.type !== previousType) return fail('ops.task_type_fixed');
    }
    if (opensTarget(draft.type) && !draft.target_url) return fail('ops.task_target_required');
    const before = previous ? (previous.content as TaskContent) : null;
    const text = Object.fromEntries(
      LOCALES.flatMap((locale) => {
        const words = draft.texts[locale];
        return words && (words.title !== '' || words.text !== '') ? [[locale, words]] : [];
      }),
    );
    const content: TaskContent = {
      text,
      ...(before?.questions ? { questions: before.questions } : {}),
    };
    return ok({
      terms: {
        type: draft.type,
        reward,
        requiredSeconds: draft.required_seconds,
        targetUrl: draft.target_url,
        content,
      },
      missing: missingLocales(text),
    });
  }

  return {
    async list(db: Db): Promise<ConsoleTask[]> {
      const repo = createTasksRepository(db);
      const [rows, times] = await Promise.all([repo.catalog(), repo.versionTimes()]);
      return rows.map((row) => consoleTask(row, times.get(`${row.id}:${row.version}`)));
    },

    /** A new task starts switched off: it is switched on once its words are complete. */
    async create(tx: Db, draft: TaskDraft, now: Date): Promise<Result<ConsoleTask, ConsoleTaskError>> {
      const terms = termsOf(draft, null);
      if (!terms.ok) return terms;
      return ok(await withTime(tx, await createTasksRepository(tx).create(terms.value.terms, now)));
    },

    /** A new version of a task; a task that is on must keep words in every language. */
    async edit(tx: Db, id: number, draft: TaskDraft, now: Date): Promise<TaskChange> {
      const task = await lockedTask(tx, id);
      if (!task) return fail('ops.task_not_found');
      const terms = termsOf(draft, task.row);
      if (!terms.ok) return terms;
      if (task.row.enabled && terms.value.missing.length > 0) return fail('ops.task_translation_missing');
      const row = await createTasksRepository(tx).addVersion(task.row, terms.value.terms, now);
      return ok({ before: task.before, after: await withTime(tx, row) });
    },

    setEnabled: switchTask,

    /** Orders the whole catalog; the day's tasks are picked in this order (accepted days keep theirs). */
    async reorder(
      tx: Db,
      ids: number[],
    ): Promise<Result<{ before: number[]; after: number[] }, ConsoleTaskError>> {
      const repo = createTasksRepository(tx);
      const current = (await repo.catalog()).map((row) => row.id);
      const same = ids.length === current.length && new Set(ids).size === ids.length;
      if (!same || !ids.every((id) => current.includes(id))) return fail('ops.task_order_invalid');
      for (const [i, id] of ids.entries()) await repo.update(id, { sort: (i + 1) * 10 });
      return ok({ before: current, after: ids });
    },
  };
}

export type TasksConsole = ReturnType<typeof createTasksConsole>;
