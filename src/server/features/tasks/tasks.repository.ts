import { and, asc, count, eq, gte, like, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { ledgerEntries, taskDays, taskRuns, tasks } from '#server/db/schema.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskRunRow = typeof taskRuns.$inferSelect;

export function createTasksRepository(db: Db) {
  return {
    /** The whole catalog in the order the day's tasks are picked, for the operator. */
    async catalog(): Promise<TaskRow[]> {
      return db.select().from(tasks).orderBy(asc(tasks.sort), asc(tasks.id));
    },

    /** Changes one task; false when there is no such task. */
    async update(id: number, change: { enabled?: boolean; sort?: number }): Promise<boolean> {
      const updated = await db.update(tasks).set(change).where(eq(tasks.id, id)).returning({ id: tasks.id });
      return updated.length > 0;
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
    async seedIfEmpty(rows: (typeof tasks.$inferInsert)[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(72402)`);
        const [row] = await tx.select({ n: count() }).from(tasks);
        if ((row?.n ?? 0) === 0) await tx.insert(tasks).values(rows);
      });
    },

    async day(userId: number, day: string) {
      const [row] = await db
        .select()
        .from(taskDays)
        .where(and(eq(taskDays.userId, userId), eq(taskDays.day, day)));
      return row ?? null;
    },

    async acceptDay(userId: number, day: string, taskIds: number[], now: Date): Promise<void> {
      await db.insert(taskDays).values({ userId, day, taskIds, acceptedAt: now }).onConflictDoNothing();
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

    async complete(userId: number, day: string, taskId: number, now: Date): Promise<void> {
      await db
        .update(taskRuns)
        .set({ completedAt: now })
        .where(and(eq(taskRuns.userId, userId), eq(taskRuns.day, day), eq(taskRuns.taskId, taskId)));
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

    /** Tasks credited on a day and what they paid, from the ledger itself. */
    /**
     * Everything completing a task checks, in one statement instead of four: the day's accepted task
     * ids (null when the day was not accepted), the task, the user's run of it, and the day's task
     * credits so far (the same figures as `day`, `byIds`, `run` and `creditedOn`).
     */
    async completionFacts(userId: number, day: string, taskId: number) {
      const reference = `task:%:${day}`;
      const credits = and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.kind, 'task'),
        like(ledgerEntries.reference, reference),
      );
      const [row] = await db
        .select({
          taskIds: taskDays.taskIds,
          task: tasks,
          run: taskRuns,
          credited: sql<number>`(select count(*) from ${ledgerEntries} where ${credits})`.mapWith(Number),
          earned: sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0)::text from ${ledgerEntries} where ${credits})`,
        })
        .from(taskDays)
        .leftJoin(tasks, eq(tasks.id, taskId))
        .leftJoin(
          taskRuns,
          and(eq(taskRuns.userId, userId), eq(taskRuns.day, day), eq(taskRuns.taskId, taskId)),
        )
        .where(and(eq(taskDays.userId, userId), eq(taskDays.day, day)));
      if (!row) return null;
      return {
        taskIds: row.taskIds,
        task: row.task,
        run: row.run,
        credited: { count: row.credited, earned: BigInt(row.earned) },
      };
    },

    async creditedOn(userId: number, day: string): Promise<{ count: number; earned: bigint }> {
      const [row] = await db
        .select({ n: count(), total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.userId, userId),
            eq(ledgerEntries.kind, 'task'),
            like(ledgerEntries.reference, `task:%:${day}`),
          ),
        );
      return { count: row?.n ?? 0, earned: BigInt(row?.total ?? '0') };
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
