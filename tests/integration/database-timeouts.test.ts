import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '#server/db/database.ts';
import { buildTestApp, envelope } from '#tests/helpers/app.ts';
import { describeOnPostgres, type TestDatabase } from '#tests/helpers/databases.ts';
import { post, seedUser } from '#tests/helpers/money-fixtures.ts';

const STATEMENT_MS = 300;
const IDLE_MS = 400;

// The PostgreSQL server cuts short a stuck statement and a transaction left open (PGlite applies
// neither): the pool's connections carry the timeouts, and what they cut short fails like any other
// unexpected error, with the catalogue's envelope and nothing of the database's message.
await describeOnPostgres('the pool’s timeouts', (backend) => {
  let created: TestDatabase | undefined;
  let timed: Database | undefined;
  let app: FastifyInstance | undefined;
  const ready = () => {
    if (!created || !timed || !app) throw new Error('set up in beforeAll');
    return { created, timed, app };
  };
  beforeAll(async () => {
    created = await backend.create();
    if (!created.url) throw new Error('no url');
    timed = await openDatabase({
      url: created.url,
      dataDir: 'unused',
      timeouts: { statementMs: STATEMENT_MS, idleInTransactionMs: IDLE_MS },
    });
    app = await buildTestApp({ database: timed, env: { DEMO_TASK_SECONDS: '0' } });
  });
  afterAll(async () => {
    await app?.close();
    await timed?.close();
    await created?.dispose();
  });

  it('every connection of the pool carries them', async () => {
    const [row] = rowsOf<{ statement: string; idle: string }>(
      await ready().timed.db.execute(
        sql`select current_setting('statement_timeout') as statement,
          current_setting('idle_in_transaction_session_timeout') as idle`,
      ),
    );
    expect(row).toEqual({ statement: `${STATEMENT_MS}ms`, idle: `${IDLE_MS}ms` });
  });

  it('cancels a statement that runs too long', async () => {
    const started = performance.now();
    const error = await ready()
      .timed.db.execute(sql`select pg_sleep(5)`)
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect((error as { cause?: { code?: string } } | null)?.cause?.code).toBe('57014');
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('ends a transaction left open, which commits nothing, and the pool goes on', async () => {
    const { timed } = ready();
    await timed.db.execute(sql`create table left_open (n int)`);
    const outcome = await timed.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into left_open values (1)`);
        await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
        await tx.execute(sql`insert into left_open values (2)`);
      })
      .then(
        () => 'committed',
        () => 'failed',
      );
    expect(outcome).toBe('failed');
    const [count] = rowsOf<{ n: number }>(
      await timed.db.execute(sql`select count(*)::int as n from left_open`),
    );
    expect(count?.n).toBe(0);
  });

  it('answers a money request stuck on a lock with the error envelope, and moves nothing', async () => {
    const { created, app } = ready();
    const user = await seedUser(created.db, 'stuck');
    // Another connection (without timeouts) holds the table every money request writes its key to.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => undefined as void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = created.db.transaction(async (tx) => {
      await tx.execute(sql`lock table idempotency_keys in access exclusive mode`);
      locked();
      await released;
    });
    await holding;
    try {
      const started = performance.now();
      const response = await post(app, '/api/user/newUserReward', user.token, {}, 'stuck-1');
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(response.statusCode).toBe(500);
      expect(envelope(response).data['error']).toBe('server.error');
      expect(envelope(response).msg).toBe('An error occurred');
      expect(response.body).not.toMatch(/timeout|cancel|idempotency_keys|statement/i);
    } finally {
      release();
      await holder;
    }
    const [entries] = rowsOf<{ n: number }>(
      await created.db.execute(sql`select count(*)::int as n from ledger_entries where user_id = ${user.id}`),
    );
    expect(entries?.n).toBe(0);
  });
});
