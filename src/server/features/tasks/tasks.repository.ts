import { and, asc, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '#server/db/database.ts';
import { namedStatement } from '#server/db/named-statement.ts';
import { taskDays, taskRuns, tasks, taskVersions } from '#server/db/schema.ts';
import { updateAny } from '#server/db/update-count.ts';
import { taskCreditsOfDaySubqueries } from '#server/ledger/ledger.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskRunRow = typeof taskRuns.$inferSelect;
export type TaskVersionRow = typeof taskVersions.$inferSelect;

/** What a version fixes: the terms a user is shown and credited, and the words. */
export interface TaskTerms {
  type: string;
  reward: bigint;
  requiredSeconds: number;
  targetUrl: string | null;
  content: unknown;
}

const termsOf = (row: TaskTerms): TaskTerms => ({
  type: row.type,
  reward: row.reward,
  requiredSeconds: row.requiredSeconds,
  targetUrl: row.targetUrl,
  content: row.content,
});

/** What completing a task checks (completionFacts). */
export interface CompletionFacts {
  taskIds: number[];
  /** Whether the catalog's task is switched on; null when there is no such task. */
  enabled: boolean | null;
  /** The terms of the version the day pinned; null when that version cannot be found. */
  pinned: (TaskTerms & { version: number }) | null;
  run: { startedAt: Date; completed: boolean; failed: boolean } | null;
  credited: { count: number; earned: bigint };
}

/** completionFacts' row as the drivers answer it (bigints as text, the start in epoch milliseconds). */
interface FactsRow {
  task_ids: number[];
  pinned_version: number;
  enabled: boolean | null;
  task_version: number | null;
  task_type: string | null;
  task_reward: string | null;
  task_seconds: number | null;
  task_url: string | null;
  task_content: unknown;
  v_version: number | null;
  v_type: string | null;
  v_reward: string | null;
  v_seconds: number | null;
  v_url: string | null;
  v_content: unknown;
  run_started_ms: number | null;
  run_completed: boolean | null;
  run_failed: boolean | null;
  credited: number;
  earned: string;
}

/**
 * completionFacts' statement, on its own so that `bench/ledger.ts` sends the very same one through
 * the driver.
 */
export const completionFactsStatement = namedStatement<{
  userId: number;
  day: string;
  taskId: number;
}>('task_completion_facts', (p) => {
  const credits = taskCreditsOfDaySubqueries(p.userId, p.day);
  return sql`
    select d.task_ids, d.pinned_version, t.enabled,
      t.version as task_version, t.type as task_type, t.reward::text as task_reward,
      t.required_seconds as task_seconds, t.target_url as task_url, t.content as task_content,
      v.version as v_version, v.type as v_type, v.reward::text as v_reward,
      v.required_seconds as v_seconds, v.target_url as v_url, v.content as v_content,
      floor(extract(epoch from r.started_at) * 1000)::float8 as run_started_ms,
      r.completed_at is not null as run_completed, r.failed_at is not null as run_failed,
      ${credits.count} as credited,
      ${credits.earned} as earned
    from (
      select task_ids, coalesce(task_versions[array_position(task_ids, ${p.taskId}::integer)], 1) as pinned_version
      from ${taskDays} where user_id = ${p.userId} and day = ${p.day}
    ) d
    left join ${tasks} t on t.id = ${p.taskId}
    left join ${taskVersions} v on v.task_id = ${p.taskId} and v.version = d.pinned_version
    left join ${taskRuns} r on r.user_id = ${p.userId} and r.day = ${p.day} and r.task_id = ${p.taskId}`;
});

/** The values of the facts statement for one completion. */
export function completionFactsValues(userId: number, day: string, taskId: number) {
  return { userId, day, taskId };
}

const runCompleteStatement = namedStatement<{ userId: number; day: string; taskId: number; now: string }>(
  'task_run_complete',
  (p) => sql`
  update ${taskRuns} set completed_at = ${p.now}::timestamptz
  where user_id = ${p.userId} and day = ${p.day} and task_id = ${p.taskId}`,
);

export function createTasksRepository(db: Db) {
  return {
    /** The whole catalog in the order the day's tasks are picked, for the operator. */
    async catalog(): Promise<TaskRow[]> {
      return db.select().from(tasks).orderBy(asc(tasks.sort), asc(tasks.id));
    },

    /** Changes one task; false when there is no such task. */
    async update(id: number, change: { enabled?: boolean; sort?: number }): Promise<boolean> {
      return updateAny(db, tasks, change, eq(tasks.id, id));
    },

    async byId(id: number, forUpdate = false): Promise<TaskRow | null> {
      const query = db.select().from(tasks).where(eq(tasks.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The versions asked for, by `taskId:version`. */
    async versions(pairs: { taskId: number; version: number }[]): Promise<Map<string, TaskVersionRow>> {
      if (pairs.length === 0) return new Map();
      const rows = await db
        .select()
        .from(taskVersions)
        .where(
          sql`(${taskVersions.taskId}, ${taskVersions.version}) in (${sql.join(
            pairs.map((p) => sql`(${p.taskId}, ${p.version})`),
            sql`, `,
          )})`,
        );
      return new Map(rows.map((row) => [`${row.taskId}:${row.version}`, row]));
    },

    /** A new task, switched off, last in the order, as its version 1. */
    async create(terms: TaskTerms, now: Date): Promise<TaskRow> {
      const [last] = await db.select({ sort: sql<number>`coalesce(max(${tasks.sort}), 0)` }).from(tasks);
      const [row] = await db
        .insert(tasks)
        .values({ ...termsOf(terms), enabled: false, sort: (last?.sort ?? 0) + 10, version: 1 })
        .returning();
      if (!row) throw new Error('the new task was not returned');
      await db.insert(taskVersions).values({ taskId: row.id, version: 1, ...termsOf(terms), createdAt: now });
      return row;
    },

    /**
     * Writes the next version of a task (its row locked by the caller) and makes it the one new days
     * pin. Earlier versions stay as they were (the database refuses to change them).
     */
    async addVersion(task: TaskRow, terms: TaskTerms, now: Date): Promise<TaskRow> {
      const version = task.version + 1;
      await db.insert(taskVersions).values({ taskId: task.id, version, ...termsOf(terms), createdAt: now });
      const [row] = await db
        .update(tasks)
        .set({ ...termsOf(terms), version })
        .where(eq(tasks.id, task.id))
        .returning();
      if (!row) throw new Error('the edited task was not returned');
      return row;
    },

    async versionTimes(): Promise<Map<string, Date>> {
      const rows = await db
        .select({ taskId: taskVersions.taskId, version: taskVersions.version, at: taskVersions.createdAt })
        .from(taskVersions)
        .innerJoin(tasks, and(eq(tasks.id, taskVersions.taskId), eq(tasks.version, taskVersions.version)));
      return new Map(rows.map((row) => [`${row.taskId}:${row.version}`, row.at]));
    },

    async enabledCatalog(): Promise<TaskRow[]> {
      return db.select().from(tasks).where(eq(tasks.enabled, true)).orderBy(asc(tasks.sort), asc(tasks.id));
    },

    async byIds(ids: number[]): Promise<TaskRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(tasks)
        .where(
          sql`${tasks.id} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
    },

    /**
     * Loads a catalog into an empty one, once, even when several servers start together on one
     * PostgreSQL database (the advisory lock makes them take turns).
     */
    async seedIfEmpty(rows: (typeof tasks.$inferInsert)[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(72402)`);
        const [row] = await tx.select({ n: count() }).from(tasks);
        if ((row?.n ?? 0) > 0) return;
        const inserted = await tx.insert(tasks).values(rows).returning();
        await tx
          .insert(taskVersions)
          .values(
            inserted.map((task) => ({ taskId: task.id, version: 1, ...termsOf(task), createdAt: now })),
          );
      });
    },

    async day(userId: number, day: string) {
      const [row] = await db
        .select()
        .from(taskDays)
        .where(and(eq(taskDays.userId, userId), eq(taskDays.day, day)));
      return row ?? null;
    },

    /** Accepts a day once, pinning the version of each of its tasks. */
    async acceptDay(
      userId: number,
      day: string,
      picked: { id: number; version: number }[],
      now: Date,
    ): Promise<void> {
      await db
        .insert(taskDays)
        .values({
          userId,
          day,
          taskIds: picked.map((t) => t.id),
          taskVersions: picked.map((t) => t.version),
          acceptedAt: now,
        })
        .onConflictDoNothing();
    },

    async runs(userId: number, day: string): Promise<TaskRunRow[]> {
      return db
        .select()
        .from(taskRuns)
        .where(and(eq(taskRuns.userId, userId), eq(taskRuns.day, day)));
    },

    async run(userId: number, day: string, taskId: number): Promise<TaskRunRow | null> {
      const [row] = await db
        .select()
        .from(taskRuns)
        .where(and(eq(taskRuns.userId, userId), eq(taskRuns.day, day), eq(taskRuns.taskId, taskId)));
      return row ?? null;
    },

    /** The latest day before `day` on which the task was started and neither completed nor failed. */
    async openRunDayBefore(userId: number, taskId: number, day: string): Promise<string | null> {
      const [row] = await db
        .select({ day: taskRuns.day })
        .from(taskRuns)
        .where(
          and(
            eq(taskRuns.userId, userId),
            eq(taskRuns.taskId, taskId),
            lt(taskRuns.day, day),
            isNull(taskRuns.completedAt),
            isNull(taskRuns.failedAt),
          ),
        )
        .orderBy(desc(taskRuns.day))
        .limit(1);
      return row?.day ?? null;
    },

    /** Records the start once; a failed run starts again from now. A completed run never restarts. */
    async start(userId: number, day: string, taskId: number, now: Date): Promise<void> {
      await db
        .insert(taskRuns)
        .values({ userId, day, taskId, startedAt: now })
        .onConflictDoUpdate({
          target: [taskRuns.userId, taskRuns.day, taskRuns.taskId],
          set: { startedAt: now, failedAt: null },
          setWhere: sql`${taskRuns.failedAt} is not null and ${taskRuns.completedAt} is null`,
        });
    },

    /** Marks the run completed (written as SQL, like completionFacts, for the same reason). */
    async complete(userId: number, day: string, taskId: number, now: Date): Promise<void> {
      await runCompleteStatement.run(db, { userId, day, taskId, now: now.toISOString() });
    },

    async fail(userId: number, day: string, taskId: number, now: Date): Promise<void> {
      await db
        .update(taskRuns)
        .set({ failedAt: now })
        .where(
          and(
            eq(taskRuns.userId, userId),
            eq(taskRuns.day, day),
            eq(taskRuns.taskId, taskId),
            sql`${taskRuns.completedAt} is null`,
          ),
        );
    },

    /**
     * What completing a task checks, read in one statement instead of five: the day's tasks (null
     * when the day was not accepted), whether the task is switched on, the terms of the version the
     * day pinned, the run and the day's credits. Written as SQL rather than with the query builder,
     * which spent more CPU building and mapping this query than the rest of the request, and run
     * named, so PostgreSQL plans it once per connection (docs/performance.md); the result is typed
     * by hand below.
     */
    async completionFacts(userId: number, day: string, taskId: number): Promise<CompletionFacts | null> {
      const [row] = rowsOf<FactsRow>(
        await completionFactsStatement.run(db, completionFactsValues(userId, day, taskId)),
      );
      if (!row) return null;
      // The catalog row repeats its current version's terms, so it stands in for that version's row.
      const terms =
        row.v_version !== null
          ? ([row.v_type, row.v_reward, row.v_seconds, row.v_url, row.v_content] as const)
          : row.task_version === row.pinned_version
            ? ([row.task_type, row.task_reward, row.task_seconds, row.task_url, row.task_content] as const)
            : null;
      const [type, reward, requiredSeconds, targetUrl, content] = terms ?? [];
      return {
        taskIds: row.task_ids,
        enabled: row.enabled,
        pinned:
          type != null && reward != null && requiredSeconds != null
            ? {
                version: row.pinned_version,
                type,
                reward: BigInt(reward),
                requiredSeconds,
                targetUrl: targetUrl ?? null,
                content,
              }
            : null,
        run:
          row.run_started_ms === null
            ? null
            : {
                startedAt: new Date(row.run_started_ms),
                completed: row.run_completed === true,
                failed: row.run_failed === true,
              },
        credited: { count: row.credited, earned: BigInt(row.earned) },
      };
    },

    /** Task credits per day since a given day (YYYY-MM-DD). */
    async creditsPerDay(userId: number, sinceDay: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ day: taskRuns.day, n: count() })
        .from(taskRuns)
        .where(
          and(
            eq(taskRuns.userId, userId),
            gte(taskRuns.day, sinceDay),
            sql`${taskRuns.completedAt} is not null`,
          ),
        )
        .groupBy(taskRuns.day);
      return new Map(rows.map((r) => [r.day, r.n]));
    },
  };
}

export type TasksRepository = ReturnType<typeof createTasksRepository>;
