import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/database.ts';
import { namedStatement } from '#server/db/named-statement.ts';
import { envelope, useTestApp } from '#tests/helpers/app.ts';
import { backends, describeOnPostgres, useTestDatabase } from '#tests/helpers/databases.ts';
import { post, seedUser } from '#tests/helpers/money-fixtures.ts';
import { testClock } from '#tests/helpers/test-clock.ts';

const twice = namedStatement<{ n: number }>('test_twice', (p) => sql`select ${p.n}::int * 2 as twice`);
const echo = namedStatement<{ x: string }>('test_kept', (p) => sql`select ${p.x}::text as x`);

describe('a named statement', () => {
  it('is rendered once, with a parameter for each value, and fills them in per call', () => {
    expect(echo.text).toBe('select $1::text as x');
    expect(echo.params({ x: 'a' })).toEqual(['a']);
    expect(echo.params({ x: 'b' })).toEqual(['b']);
  });

  it('refuses a second statement under a name already taken with another text', () => {
    expect(() =>
      namedStatement<{ n: number }>('test_twice', (p) => sql`select ${p.n}::int * 3 as thrice`),
    ).toThrow('the named statement test_twice is defined twice, with another text');
    // The same text again is the same statement (a module evaluated twice).
    expect(
      namedStatement<{ n: number }>('test_twice', (p) => sql`select ${p.n}::int * 2 as twice`).text,
    ).toBe(twice.text);
  });

  it('refuses a call that leaves a value out', () => {
    expect(() => echo.params({} as { x: string })).toThrow('x');
  });
});

for (const backend of await backends()) {
  describe(`a named statement on ${backend.name}`, () => {
    const database = useTestDatabase(backend);

    it('answers as the same statement run unnamed, call after call, in and out of a transaction', async () => {
      for (const n of [1, 2, 3]) {
        expect(rowsOf(await twice.run(database.db, { n }))).toEqual([{ twice: n * 2 }]);
      }
      const inTransaction = await database.db.transaction(async (tx) =>
        rowsOf(await twice.run(tx, { n: 21 })),
      );
      expect(inTransaction).toEqual([{ twice: 42 }]);
    });

    if (backend.name === 'postgres') {
      it('is prepared once on the connection and kept there', async () => {
        // One connection for both reads: the transaction's.
        const prepared = await database.db.transaction(async (tx) => {
          await echo.run(tx, { x: 'x' });
          await echo.run(tx, { x: 'y' });
          return rowsOf<{ statement: string }>(
            await tx.execute(sql`select statement from pg_prepared_statements where name = 'test_kept'`),
          );
        });
        expect(prepared).toEqual([{ statement: 'select $1::text as x' }]);
      });
    }
  });
}

// Completing a task is the busiest money request: its statements are planned once per connection.
await describeOnPostgres('completing a task', (backend) => {
  const clock = testClock();
  const handle = useTestApp({ backend, clock });

  it('runs the statements of its transaction named', async () => {
    const user = await seedUser(handle.database.db, 'named');
    const list = envelope(await post(handle.app, '/api/task/accept', user.token, {})).data;
    const [task] = list['tasks'] as { id: number; questions: { id: string; options: { id: string }[] }[] }[];
    if (!task) throw new Error('no task');
    await post(handle.app, '/api/task/start', user.token, { task_id: task.id });
    clock.advance(60_000);
    const answers = Object.fromEntries(task.questions.map((q) => [q.id, q.options[0]?.id]));

    const names: (string | undefined)[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [config] = args;
      names.push(
        typeof config === 'object' && config !== null ? (config as { name?: string }).name : undefined,
      );
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      const done = await post(
        handle.app,
        '/api/task/complete',
        user.token,
        { task_id: task.id, answers },
        'n-1',
      );
      expect(done.statusCode).toBe(200);
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(names.filter(Boolean)).toEqual([
      'idempotency_claim',
      'task_completion_facts',
      'task_run_complete',
      'ledger_append_locked',
      'idempotency_answer',
    ]);
  });
});
