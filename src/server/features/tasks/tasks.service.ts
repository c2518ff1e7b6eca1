import type { Task, TaskList } from '#contract/tasks.ts';
import { formatAmount, parseDrops } from '#domain/money/amount.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import {
  checkCompletion,
  pickDailyTasks,
  TASK_TYPES,
  type TaskRefusal,
  type TaskType,
} from '#domain/tasks/task-rules.ts';
import { addDays, dayOf, nextDayStart } from '#domain/time/day.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { demoCatalog, type TaskContent } from './demo-catalog.ts';
import { pushProof } from '#server/features/push/push.service.ts';
import { createTasksRepository, type TaskRow, type TaskRunRow } from './tasks.repository.ts';

/** What completing a task credited, and where the day stands after it. */
export interface CompletedTask {
  task_id: number;
  reward: string;
  balance: string;
  completed: number;
  earned: string;
}

/** A completion as the app sends it (src/contract/tasks.ts, CompleteTaskBodySchema). */
export interface Completion {
  taskId: number;
  answers: Record<string, string> | undefined;
  /** The day of the run it completes; absent from apps that did not name it. */
  day: string | undefined;
}

export interface TasksServiceDeps {
  db: Db;
  clock: Clock;
  rules: ProductRules;
  timeZone: string;
}

type TaskError =
  | TaskRefusal
  | 'tasks.not_found'
  | 'tasks.not_accepted'
  | 'tasks.answers_required'
  | 'tasks.push_required'
  | 'tasks.push_unconfirmed';

function isTaskType(value: string): value is TaskType {
  return (TASK_TYPES as readonly string[]).includes(value);
}

function localized(content: TaskContent, locale: string) {
  return content.text[locale] ?? content.text['en'] ?? { title: '', text: '' };
}

function toTask(row: TaskRow, run: TaskRunRow | undefined, locale: string): Task {
  const content = row.content as TaskContent;
  const { title, text } = localized(content, locale);
  const status = run?.completedAt ? 'completed' : run?.failedAt ? 'failed' : run ? 'started' : 'new';
  return {
    id: row.id,
    type: isTaskType(row.type) ? row.type : 'regular',
    title,
    text,
    reward: formatAmount(row.reward),
    required_seconds: row.requiredSeconds,
    target_url: row.targetUrl,
    questions: (content.questions ?? []).map((q) => ({
      id: q.id,
      text: q.text[locale] ?? q.text['en'] ?? '',
      options: q.options.map((o) => ({ id: o.id, text: o.text[locale] ?? o.text['en'] ?? '' })),
    })),
    status,
    started_time: run && !run.completedAt && !run.failedAt ? epochSeconds(run.startedAt) : null,
  };
}

/** A day's tasks: how many are credited, and how many the day holds. */
export interface DayProgress {
  done: number;
  total: number;
}

export function createTasksService({ db, clock, rules, timeZone }: TasksServiceDeps) {
  const repo = createTasksRepository(db);
  const today = () => dayOf(clock.now(), timeZone);

  /**
   * The tasks of an accepted day as they were accepted: each one's terms and words are those of the
   * version the day pinned, whatever the operator edited since. Whether a task is switched on is the
   * catalog's, not the version's (a task switched off drops out of a day not done yet).
   */
  async function pinnedTasks(
    executor: Db,
    accepted: { taskIds: number[]; taskVersions: number[] | null },
  ): Promise<TaskRow[]> {
    const repo = createTasksRepository(executor);
    const pairs = accepted.taskIds.map((taskId, i) => ({
      taskId,
      version: accepted.taskVersions?.[i] ?? 1,
    }));
    const [rows, versions] = await Promise.all([repo.byIds(accepted.taskIds), repo.versions(pairs)]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return pairs.flatMap(({ taskId, version }) => {
      const row = byId.get(taskId);
      // The catalog row repeats its current version's terms, so it stands in for that version's row.
      const terms = versions.get(`${taskId}:${version}`) ?? (row?.version === version ? row : undefined);
      if (!row || !terms) return [];
      return [
        {
          ...row,
          version,
          type: terms.type,
          reward: terms.reward,
          requiredSeconds: terms.requiredSeconds,
          targetUrl: terms.targetUrl,
          content: terms.content,
        },
      ];
    });
  }

  /** The tasks of a day in the order the user sees them: accepted ones, or today's preview. */
  async function dayTasks(executor: Db, userId: number, day: string) {
    const accepted = await createTasksRepository(executor).day(userId, day);
    if (!accepted)
      return {
        accepted: false,
        rows: pickDailyTasks(await createTasksRepository(executor).enabledCatalog(), rules),
      };
    return { accepted: true, rows: await pinnedTasks(executor, accepted) };
  }

  /**
   * The tasks a day holds, with the user's runs: those it was accepted with that are still switched
   * on or already done (a task switched off after the day was accepted drops out, and cannot be
   * credited), or today's preview. "All of the day's tasks" counts these
   * (docs/product-rules.md#daily-tasks-interest-and-the-gift).
   */
  async function onTheDay(executor: Db, userId: number, day: string) {
    const { accepted, rows } = await dayTasks(executor, userId, day);
    const runs = new Map((await createTasksRepository(executor).runs(userId, day)).map((r) => [r.taskId, r]));
    return { accepted, runs, rows: rows.filter((r) => r.enabled || runs.get(r.id)?.completedAt) };
  }

  async function list(userId: number, locale: string): Promise<TaskList> {
    const now = clock.now();
    const day = dayOf(now, timeZone);
    const { accepted, runs, rows } = await onTheDay(db, userId, day);
    const credited = await ledger.taskCreditsOn(db, userId, day);
    return {
      day,
      accepted,
      next_reset_time: epochSeconds(nextDayStart(now, timeZone)),
      server_time: epochSeconds(now),
      tasks: rows.map((r) => toTask(r, runs.get(r.id), locale)),
      completed: credited.count,
      earned: formatAmount(credited.earned),
      tasks_per_day: rules.tasksPerDay,
      daily_cap: formatAmount(rules.dailyTaskCap),
    };
  }

  async function accept(userId: number, locale: string): Promise<TaskList> {
    const catalog = pickDailyTasks(await repo.enabledCatalog(), rules);
    await repo.acceptDay(
      userId,
      today(),
      catalog.map((t) => ({ id: t.id, version: t.version })),
      clock.now(),
    );
    return list(userId, locale);
  }

  /**
   * Finds a task of today's accepted challenge that is still enabled, with the terms of the version
   * the day pinned: those are what completing it credits (docs/product-rules.md#shown-equals-credited).
   */
  async function todaysTask(executor: Db, userId: number, day: string, taskId: number) {
    const accepted = await createTasksRepository(executor).day(userId, day);
    if (!accepted) return fail('tasks.not_accepted' as const);
    const index = accepted.taskIds.indexOf(taskId);
    const [row] =
      index >= 0
        ? await pinnedTasks(executor, {
            taskIds: [taskId],
            taskVersions: [accepted.taskVersions?.[index] ?? 1],
          })
        : [];
    if (!row || !row.enabled) return fail('tasks.not_found' as const);
    return ok(row);
  }

  async function start(userId: number, taskId: number): Promise<Result<{ startedAt: Date }, TaskError>> {
    const day = today();
    const task = await todaysTask(db, userId, day, taskId);
    if (!task.ok) return task;
    await repo.start(userId, day, taskId, clock.now());
    const run = await repo.run(userId, day, taskId);
    if (run?.completedAt) return fail('tasks.already_completed');
    return ok({ startedAt: run?.startedAt ?? clock.now() });
  }

  async function markFailed(userId: number, taskId: number): Promise<Result<null, TaskError>> {
    const day = today();
    const task = await todaysTask(db, userId, day, taskId);
    if (!task.ok) return task;
    await repo.fail(userId, day, taskId, clock.now());
    return ok(null);
  }

  /**
   * Credits a task, inside the caller's idempotent transaction, which holds the user's row lock
   * (`runIdempotent`): racing completions see each other and the daily count and cap hold on
   * PostgreSQL too.
   */
  async function complete(
    tx: Db,
    userId: number,
    { taskId, answers, day: named }: Completion,
    idempotencyKey: string,
  ): Promise<Result<CompletedTask, TaskError>> {
    const now = clock.now();
    const rows = createTasksRepository(tx);
    const today = dayOf(now, timeZone);
    // A day that has not begun here has no run to complete.
    if (named !== undefined && named > today) return fail('tasks.not_accepted');
    let day = named ?? today;
    // The same checks as todaysTask, run and ledger.taskCreditsOn, read in one statement (a round trip
    // each would hold the user's lock longer). The terms credited are those of the version the day pinned.
    let facts = await rows.completionFacts(userId, day, taskId);
    if (named === undefined && !facts?.run) {
      // Started on an earlier day and sent only now (kept offline past midnight) by an app that did
      // not name the day: it counts for the latest day it is still open on, within that day's
      // limits (docs/product-rules.md#sync-rule).
      const started = await rows.openRunDayBefore(userId, taskId, day);
      if (started) {
        day = started;
        facts = await rows.completionFacts(userId, day, taskId);
      }
    }
    if (!facts) return fail('tasks.not_accepted');
    const { pinned: task, run, credited } = facts;
    if (!facts.taskIds.includes(taskId) || !facts.enabled || !task) return fail('tasks.not_found');
    const content = task.content as TaskContent;
    const questions = content.questions ?? [];
    const answered = questions.every((q) => q.options.some((o) => o.id === answers?.[q.id]));
    if (task.type === 'survey' && !answered) return fail('tasks.answers_required');
    // Permission alone proves nothing: a test push asked for during this run must have reached the
    // device's service worker and been acknowledged.
    if (task.type === 'notification' && run && !run.failed && !run.completed) {
      if (!(await pushProof.hasToken(tx, userId))) return fail('tasks.push_required');
      if (!(await pushProof.acknowledgedTestSince(tx, userId, run.startedAt)))
        return fail('tasks.push_unconfirmed');
    }
    const refusal = checkCompletion(
      {
        startedAt: run && !run.failed ? run.startedAt : null,
        completed: Boolean(run?.completed),
        now,
        requiredSeconds: task.requiredSeconds,
        reward: task.reward,
        completedToday: credited.count,
        earnedToday: credited.earned,
      },
      rules,
    );
    if (refusal) return fail(refusal);

    await rows.complete(userId, day, taskId, now);
    // The user's lock is held since the idempotency key was claimed.
    const balance = await ledger.appendLocked(tx, {
      userId,
      kind: 'task',
      amount: task.reward,
      idempotencyKey,
      reference: `task:${taskId}:${day}`,
      createdAt: now,
    });
    return ok({
      task_id: taskId,
      reward: formatAmount(task.reward),
      balance: formatAmount(balance),
      completed: credited.count + 1,
      earned: formatAmount(credited.earned + task.reward),
    });
  }

  async function history(userId: number) {
    const todayIs = dayOf(clock.now(), timeZone);
    const days: { day: string; weekday: number; count: number }[] = [];
    for (let back = 6; back >= 0; back--) {
      const day = addDays(todayIs, -back);
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      days.push({ day, weekday, count: 0 });
    }
    const counts = await repo.creditsPerDay(userId, days[0]?.day ?? today());
    return days.map((d) => ({ ...d, count: counts.get(d.day) ?? 0 }));
  }

  /** Loads the demo catalog into an empty catalog (first start). */
  async function seedDemoCatalog(requiredSeconds: number | null): Promise<void> {
    await repo.seedIfEmpty(
      demoCatalog(requiredSeconds).map((task, i) => ({
        type: task.type,
        reward: wholeDropsReward(task.reward),
        requiredSeconds: task.requiredSeconds,
        targetUrl: task.targetUrl,
        content: task.content,
        enabled: task.enabled,
        sort: (i + 1) * 10,
      })),
      clock.now(),
    );
  }

  /** How many of the day's tasks are credited, and how many the day holds, read in the caller's transaction. */
  async function dayProgress(executor: Db, userId: number, day: string): Promise<DayProgress> {
    const { rows } = await onTheDay(executor, userId, day);
    const credited = await ledger.taskCreditsOn(executor, userId, day);
    // A day accepted before TASKS_PER_DAY was lowered holds more tasks than may now be credited.
    return { done: credited.count, total: Math.min(rows.length, rules.tasksPerDay) };
  }

  return { list, accept, start, markFailed, complete, history, seedDemoCatalog, dayProgress };
}

/** A catalog reward must be a whole number of drops, like every credit; a bad catalog stops the start. */
function wholeDropsReward(text: string): bigint {
  const reward = parseDrops(text);
  if (reward === null || reward <= 0n)
    throw new Error(`task reward ${text} is not a positive whole number of drops`);
  return reward;
}

export type TasksService = ReturnType<typeof createTasksService>;
