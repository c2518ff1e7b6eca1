import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayOf } from '#domain/time/day.ts';
import type { Db } from '#server/db/database.ts';
import { completionFactsStatement, completionFactsValues } from '#server/features/tasks/tasks.repository.ts';
import { envelope, getAs, useTestApp } from '#tests/helpers/app.ts';
import { backends } from '#tests/helpers/databases.ts';
import { acceptDay, completeTasks, seedUser } from '#tests/helpers/money-fixtures.ts';
import { testClock } from '#tests/helpers/test-clock.ts';

/** One node of EXPLAIN (FORMAT JSON)'s plan, as far as this test reads it. */
interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The ledger rows a plan's scans of ledger_entries read: those they returned and those they threw away. */
function ledgerRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'ledger_entries'
      ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + ledgerRowsRead(child), 0);
}

/** The driver's own client (PGlite or node-postgres): both take a text and its parameters. */
function clientOf(db: Db) {
  return (
    db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> } }
  ).$client;
}

const OLD_DAYS = 400;

describe.each(await backends())('a task completion on $name', (backend) => {
  const clock = testClock();
  const handle = useTestApp({ backend, clock, env: { DEMO_TASK_SECONDS: '0' } });

  it('counts and reads only the day’s credits, not the user’s whole task history', async () => {
    const { app, database } = handle;
    const user = await seedUser(database.db, 'history');
    // Three task credits a day for the 400 days before today: far more than a day's limit and cap.
    const today = dayOf(clock.now(), 'UTC');
    await database.db.execute(sql`
      insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
      select ${user.id}, 'task', 10, 'old-' || d || '-' || t,
        'task:' || t || ':' || to_char(${today}::date - d, 'YYYY-MM-DD'),
        ${clock.now().toISOString()}::timestamptz - d * interval '1 day'
      from generate_series(1, ${OLD_DAYS}) d, generate_series(1, 3) t`);
    await database.db.execute(sql`analyze ledger_entries`);

    // None of them counts against today: every task of the day is credited.
    const tasks = await acceptDay(app, user.token);
    const done = tasks.slice(0, 2);
    expect(await completeTasks(app, user.token, done, clock, 'today')).toEqual(done.map(() => 200));
    const list = envelope(await getAs(app, '/api/task/list', user.token));
    expect(list.data['completed']).toBe(done.length);

    // And the completion's own statement reads today's credits only, not the 1,200 of earlier days.
    const [plan] = (
      await clientOf(database.db).query(
        `explain (analyze, format json) ${completionFactsStatement.text}`,
        completionFactsStatement.params(completionFactsValues(user.id, today, tasks[2]?.id ?? 0)),
      )
    ).rows as { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
    const json = plan?.['QUERY PLAN'];
    const root = (typeof json === 'string' ? (JSON.parse(json) as [{ Plan: PlanNode }]) : json)?.[0]?.Plan;
    if (!root) throw new Error('no plan');
    // The two subqueries (how many, and what they paid) each read the day's two credits.
    expect(ledgerRowsRead(root)).toBeLessThanOrEqual(2 * done.length);
  });
});
