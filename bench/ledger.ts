// `npm run bench:ledger`: throughput and p99 latency of the task-completion endpoint beside the same
// database transaction issued directly with the driver, measured in the same run, and their ratio —
// on PostgreSQL (the local server; TEST_POSTGRES_URL to point elsewhere) and on the embedded PGlite;
// and the driver's transaction behind a bare Fastify route, the floor of the stack.
// With BENCH_JSON set it also prints one `BENCH_JSON {…}` line for `npm run bench` (bench/run.ts).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { dayOf } from '#domain/time/day.ts';
import { buildApp } from '#server/app.ts';
import { openDatabase, type Database } from '#server/db/database.ts';
import { parseEnv } from '#server/env.ts';
import { completionFactsStatement, completionFactsValues } from '#server/features/tasks/tasks.repository.ts';
import { ledgerKeyOf } from '#server/plugins/idempotent.ts';
import { POSTGRES_ADMIN_URL } from '#tests/helpers/databases.ts';
import { inParallel, seedUsers } from '#tests/helpers/money-fixtures.ts';
import type { LoadJob, LoadResult } from './http-load.ts';

const USERS = Number(process.env['BENCH_USERS'] ?? 100);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 20);
// Users whose completions run first through each path, untimed: the figures are those of a warm
// process, not of its first requests (compiling the code they run; that wave was the p99).
const WARMUP_USERS = Number(process.env['BENCH_WARMUP_USERS'] ?? 20);

export interface PathFigures {
  throughput: number;
  p50: number;
  p99: number;
  transactions: number;
}
export interface LedgerFigures {
  endpoint: PathFigures;
  driver: PathFigures;
  /** The driver's transaction behind a bare Fastify route: the stack's floor for the endpoint. */
  bareRoute: PathFigures;
  /**
   * A fixed yardstick across versions: the 13 statements the endpoint's transaction ran before it was
   * cut down (docs/performance.md), through the driver.
   */
  driverThirteen: PathFigures;
}

interface Sql {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** The same as a named prepared statement, as the endpoint runs it (src/server/db/named-statement.ts). */
  named(name: string, text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
type Transact = (work: (sql: Sql) => Promise<void>) => Promise<void>;

function summarize(label: string, latencies: number[], wallMs: number): PathFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const throughput = (latencies.length / wallMs) * 1000;
  console.log(
    `${label.padEnd(36)} ${latencies.length} tx  ${throughput.toFixed(0).padStart(6)} /s  p50 ${p(0.5).toFixed(2)} ms  p99 ${p(0.99).toFixed(2)} ms`,
  );
  return { throughput, p50: p(0.5), p99: p(0.99), transactions: latencies.length };
}

async function timed<T>(jobs: (() => Promise<T>)[]) {
  const latencies: number[] = [];
  const started = performance.now();
  await inParallel(
    jobs.map((job) => async () => {
      const t0 = performance.now();
      await job();
      latencies.push(performance.now() - t0);
    }),
    CONCURRENCY,
  );
  return { latencies, wallMs: performance.now() - started };
}

/** Sends `jobs` from the load generator's own thread (bench/http-load.ts), after `warmup`. */
function loadThread(warmup: LoadJob[], jobs: LoadJob[]): Promise<LoadResult> {
  return new Promise<LoadResult>((resolve, reject) => {
    const load = new Worker(new URL('./http-load.ts', import.meta.url), {
      workerData: { warmup, jobs, concurrency: CONCURRENCY },
    });
    load.once('message', resolve);
    load.once('error', reject);
  });
}

/** Runs both paths against one open database; `transact` runs the driver's transaction. */
async function measure(database: Database, transact: Transact): Promise<LedgerFigures> {
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DIST_DIR: './no-dist', DEMO_TASK_SECONDS: '0' }),
    database,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const httpUsers = await seedUsers(database.db, USERS, 'bench-http');
    const rawUsers = await seedUsers(database.db, USERS, 'bench-raw');
    const warmHttpUsers = await seedUsers(database.db, WARMUP_USERS, 'bench-warm-http');
    const warmRawUsers = await seedUsers(database.db, WARMUP_USERS, 'bench-warm-raw');
    const call = (path: string, token: string, body: object) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ba-user-token': token },
        body: JSON.stringify(body),
      });

    // Setup (not timed): every user accepts the day and starts its ten tasks.
    const bodies = new Map<number, object>();
    for (const user of [...httpUsers, ...rawUsers, ...warmHttpUsers, ...warmRawUsers]) {
      const accepted = (await (await call('/api/task/accept', user.token, {})).json()) as {
        data: { tasks: { id: number; questions: { id: string; options: { id: string }[] }[] }[] };
      };
      for (const task of accepted.data.tasks) {
        await call('/api/task/start', user.token, { task_id: task.id });
        const answers = Object.fromEntries(task.questions.map((q) => [q.id, q.options[0]?.id]));
        bodies.set(task.id, { task_id: task.id, ...(task.questions.length ? { answers } : {}) });
      }
    }
    const taskIds = [...bodies.keys()];

    // Task-major order: the requests in flight belong to different users, as in real traffic; one
    // user's completions serialise on that user's row lock in both paths alike.
    const jobsOf = (users: { id: number; token: string }[]): LoadJob[] =>
      taskIds.flatMap((taskId) =>
        users.map((user) => ({
          url: `${base}/api/task/complete`,
          headers: {
            'content-type': 'application/json',
            'ba-user-token': user.token,
            'idempotency-key': `bench-${user.id}-${taskId}`,
          },
          body: JSON.stringify(bodies.get(taskId) ?? {}),
        })),
      );
    const jobs = jobsOf(httpUsers);
    const endpoint = await loadThread(jobsOf(warmHttpUsers), jobs);
    if (endpoint.failures.length) throw new Error(`endpoint refused: ${endpoint.failures[0]}`);

    const day = dayOf(new Date(), 'UTC');
    const driverJobs = (users: { id: number }[]) =>
      taskIds.flatMap((taskId) =>
        users.map((user) => {
          // The endpoint's own facts statement and its values.
          const factsParams = completionFactsStatement.params(completionFactsValues(user.id, day, taskId));
          return () => {
            const key = `raw-${user.id}-${taskId}`;
            return transact(async (sql) => {
              // The statements the endpoint's transaction runs (src/server/lib/idempotency.ts,
              // src/server/features/tasks/tasks.repository.ts, src/server/ledger/ledger.ts), written by
              // hand but for the facts: the key claimed with the user's lock, the facts, the run, the
              // entry with the balance after it, the stored answer.
              await sql.named(
                'idempotency_claim',
                `with timeout as (select set_config('lock_timeout', $4, true)),
               claimed as (
                 insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
                 select $1, $2, $3, 0, '{}'::jsonb, $5::timestamptz from timeout on conflict do nothing returning key
               )
               select claimed.key from claimed join users on users.id = $1 for no key update of users`,
                [user.id, key, 'hash', '10000', new Date().toISOString()],
              );
              const facts = await sql.named(
                completionFactsStatement.name,
                completionFactsStatement.text,
                factsParams,
              );
              const now = new Date().toISOString();
              await sql.named(
                'task_run_complete',
                'update task_runs set completed_at = $1::timestamptz where user_id = $2 and day = $3 and task_id = $4',
                [now, user.id, day, taskId],
              );
              const balance = await sql.named(
                'ledger_append_locked',
                `with entry as (
                 insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
                 values ($1, 'task', $2::bigint, $3, $4, $5::timestamptz) returning amount
               )
               select (users.balance + (select amount from entry))::text as balance from users where users.id = $1`,
                [user.id, facts.rows[0]?.['task_reward'], ledgerKeyOf(key), `task:${taskId}:${day}`, now],
              );
              await sql.named(
                'idempotency_answer',
                `update idempotency_keys set status_code = 200, response = $3::jsonb where user_id = $1 and key = $2`,
                [
                  user.id,
                  key,
                  JSON.stringify({
                    code: 1,
                    msg: 'ok',
                    data: {
                      task_id: taskId,
                      reward: facts.rows[0]?.['task_reward'],
                      balance: balance.rows[0]?.['balance'],
                      completed: Number(facts.rows[0]?.['credited']) + 1,
                      earned: facts.rows[0]?.['earned'],
                    },
                  }),
                ],
              );
            });
          };
        }),
      );
    await timed(driverJobs(warmRawUsers));
    const driver = await timed(driverJobs(rawUsers));

    // The floor of the stack: the driver's transaction behind a bare Fastify route (JSON in, JSON
    // out, nothing else), from the same load generator. What the endpoint costs beyond it is
    // Earnest's own: the session, validation, idempotency, drizzle, the hooks.
    const bareUsers = await seedUsers(database.db, USERS, 'bench-bare');
    const warmBareUsers = await seedUsers(database.db, WARMUP_USERS, 'bench-warm-bare');
    const bareWork = new Map<string, () => Promise<void>>();
    for (const user of [...bareUsers, ...warmBareUsers]) {
      await call('/api/task/accept', user.token, {});
      for (const taskId of taskIds) await call('/api/task/start', user.token, { task_id: taskId });
      const work = driverJobs([user]);
      taskIds.forEach((taskId, i) => {
        const job = work[i];
        if (job) bareWork.set(`${user.id}:${taskId}`, job);
      });
    }
    const bareApp = Fastify();
    bareApp.post('/complete', async (request, reply) => {
      const { user_id, task_id } = request.body as { user_id: number; task_id: number };
      const work = bareWork.get(`${user_id}:${task_id}`);
      // A request the bench did not prepare fails the run rather than timing nothing.
      if (!work) return reply.code(404).send({ code: 0, msg: 'not prepared' });
      await work();
      return { code: 1, msg: 'ok', data: { task_id } };
    });
    await bareApp.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = `http://127.0.0.1:${(bareApp.server.address() as AddressInfo).port}`;
    const bareJobsOf = (users: { id: number }[]): LoadJob[] =>
      taskIds.flatMap((taskId) =>
        users.map((user) => ({
          url: `${bareBase}/complete`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: user.id, task_id: taskId }),
        })),
      );
    const bare = await loadThread(bareJobsOf(warmBareUsers), bareJobsOf(bareUsers)).finally(() =>
      bareApp.close(),
    );
    if (bare.failures.length) throw new Error(`the bare route refused: ${bare.failures[0]}`);

    const rawUsers2 = await seedUsers(database.db, USERS, 'bench-raw13');
    for (const user of rawUsers2) {
      await call('/api/task/accept', user.token, {});
      for (const taskId of taskIds) await call('/api/task/start', user.token, { task_id: taskId });
    }
    const thirteen = await timed(
      taskIds.flatMap((taskId) =>
        rawUsers2.map((user) => () => {
          const key = `raw13-${user.id}-${taskId}`;
          return transact(async (sql) => {
            await sql.query(`set local lock_timeout = '10s'`);
            await sql.query(
              `insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
               values ($1, $2, $3, 0, '{}', now()) on conflict do nothing returning key`,
              [user.id, key, 'hash'],
            );
            await sql.query('select 1 from users where id = $1 for no key update', [user.id]);
            await sql.query('select * from task_days where user_id = $1 and day = $2', [user.id, day]);
            const task = await sql.query('select * from tasks where id in ($1)', [taskId]);
            await sql.query('select * from task_runs where user_id = $1 and day = $2 and task_id = $3', [
              user.id,
              day,
              taskId,
            ]);
            await sql.query(
              `select count(*), coalesce(sum(amount), 0)::text from ledger_entries
               where user_id = $1 and kind = 'task' and reference like $2`,
              [user.id, `task:%:${day}`],
            );
            await sql.query(
              'update task_runs set completed_at = now() where user_id = $1 and day = $2 and task_id = $3',
              [user.id, day, taskId],
            );
            await sql.query(
              `insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
               values ($1, 'task', $2, $3, $4, now())`,
              [user.id, task.rows[0]?.['reward'], key, `task:${taskId}:${day}`],
            );
            await sql.query('select balance from users where id = $1', [user.id]);
            await sql.query(
              `update idempotency_keys set status_code = 200, response = $3 where user_id = $1 and key = $2`,
              [user.id, key, JSON.stringify({ code: 1 })],
            );
          });
        }),
      ),
    );

    console.log(
      `Task completion on ${database.kind}, ${jobs.length} transactions each, ${CONCURRENCY} in flight:`,
    );
    const a = summarize('endpoint (HTTP, auth, validation)', endpoint.latencies, endpoint.wallMs);
    const b = summarize('same transaction via the driver', driver.latencies, driver.wallMs);
    const f = summarize('same transaction, bare Fastify', bare.latencies, bare.wallMs);
    const c = summarize('the 13 statements of before, driver', thirteen.latencies, thirteen.wallMs);
    console.log(
      `ratio endpoint/driver: throughput ${(a.throughput / b.throughput).toFixed(2)}×, p99 ${(a.p99 / b.p99).toFixed(2)}× the driver's`,
    );
    console.log(
      `load generator's CPU per request: ${endpoint.cpuMicrosPerRequest.toFixed(0)} µs (endpoint), ${bare.cpuMicrosPerRequest.toFixed(0)} µs (bare route)`,
    );
    console.log(
      `bare Fastify route/driver: throughput ${(f.throughput / b.throughput).toFixed(2)}×; endpoint/bare route ${(a.throughput / f.throughput).toFixed(2)}×`,
    );
    return { endpoint: a, driver: b, bareRoute: f, driverThirteen: c };
  } finally {
    await app.close();
  }
}

async function onPostgres(): Promise<LedgerFigures> {
  const name = `earnest_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  // pool.end() resolves before its connections have closed; the forced drop below then terminates
  // them, and an idle connection's error with no listener would crash the process.
  pool.on('error', () => {});
  const database = await openDatabase({ url: url.toString(), dataDir: 'unused' });
  try {
    return await measure(database, async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await work({
          query: (text, params) => client.query(text, params),
          named: (name, text, params) => client.query({ name, text, values: params }),
        });
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    });
  } finally {
    await pool.end();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function onPglite(): Promise<LedgerFigures> {
  const database = await openDatabase({ dataDir: 'memory://' });
  // The driver path uses the PGlite client under drizzle: the same single connection the app uses.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  try {
    return await measure(database, async (work) => {
      await client.transaction(async (tx) => {
        // PGlite has no named statements: it parses each one anew, as it does the endpoint's.
        await work({
          query: (text, params) => tx.query(text, params),
          named: (_name, text, params) => tx.query(text, params),
        });
      });
    });
  } finally {
    await database.close();
  }
}

const postgres = await onPostgres();
const pglite = await onPglite();
console.log(
  `PGlite endpoint / PostgreSQL endpoint: throughput ${(pglite.endpoint.throughput / postgres.endpoint.throughput).toFixed(2)}×`,
);
if (process.env['BENCH_JSON']) console.log(`BENCH_JSON ${JSON.stringify({ postgres, pglite })}`);
