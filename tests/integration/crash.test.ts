import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { openDatabase, rowsOf, type Db } from '#server/db/database.ts';
import { ledgerKeyOf } from '#server/plugins/idempotent.ts';
import { backends, type TestDatabase } from '#tests/helpers/databases.ts';
import { startServerProcess, type ServerProcess } from '#tests/helpers/server-process.ts';

// `npm run test:crash`: the server is killed with SIGKILL (kill -9) at a random moment of a burst of
// task completions, claims and withdrawals, then started again on the same database, CRASH_CYCLES
// times per engine (PGlite in a folder, and the PostgreSQL server). After each kill the database
// must hold every operation that was acknowledged (lost: 0), none twice (doubled: 0), and every
// balance must equal the sum of its ledger entries; then every operation of the burst is sent again
// with its Idempotency-Key, as the app's offline queue does: acknowledged ones get their first answer
// back and move nothing. The CI suite runs a few cycles; the command runs 100 per engine.

const CYCLES = Number(process.env['CRASH_CYCLES'] ?? 3);
const USERS_PER_BURST = 5;
const BINANCE = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';

interface Op {
  token: string;
  path: string;
  key: string;
  body: object;
  /** The success answer's data, once one came back. */
  acked: unknown;
}

interface Totals {
  operations: number;
  acknowledged: number;
  /** Sent before the kill and never answered: the server may or may not have committed them. */
  inFlight: number;
  /** Sent after the kill: refused by a closed port. */
  unsent: number;
  lost: number;
  doubled: number;
  replays: number;
}

/** Sends one money-moving request; the envelope, or null when no answer came (the server died). */
async function send(base: string, op: Op): Promise<{ code: number; data: unknown } | null> {
  try {
    const response = await fetch(`${base}${op.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TOKEN_HEADER]: op.token,
        [IDEMPOTENCY_HEADER]: op.key,
      },
      body: JSON.stringify(op.body),
    });
    return (await response.json()) as { code: number; data: unknown };
  } catch {
    return null;
  }
}

/** A request that must succeed (the burst's set-up, before any kill). */
async function must(base: string, path: string, token: string | null, body?: object) {
  const response = await fetch(`${base}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as { code: number; data: Record<string, unknown> };
  if (envelope.code !== 1) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/**
 * What the database says after a crash: every acknowledged operation is there once (its ledger entry
 * under its key), nothing is there twice (one gift, one interest per day, one credit per task and
 * day, one open withdrawal per user), and every balance equals its entries and is not negative.
 */
async function audit(db: Db, ops: Op[]): Promise<{ lost: Op[]; doubled: string[] }> {
  // The burst's keys name their user, so they are unique across users too.
  const entries = rowsOf<{ idempotency_key: string }>(
    await db.execute(sql`select idempotency_key from ledger_entries`),
  );
  const present = new Map<string, number>();
  for (const row of entries) present.set(row.idempotency_key, (present.get(row.idempotency_key) ?? 0) + 1);
  const lost = ops.filter((op) => op.acked !== null && present.get(ledgerKeyOf(op.key)) !== 1);
  const doubled = rowsOf<{ what: string }>(
    await db.execute(sql`
      select 'key ' || user_id || '/' || idempotency_key as what from ledger_entries
        group by user_id, idempotency_key having count(*) > 1
      union all
      select 'gift ' || user_id from ledger_entries where kind = 'gift' group by user_id having count(*) > 1
      union all
      select 'entry ' || user_id || ' ' || kind || ' ' || reference from ledger_entries
        where kind in ('task', 'interest') group by user_id, kind, reference having count(*) > 1
      union all
      select 'open withdrawals ' || user_id from withdrawals where status in ('processing', 'transferring')
        group by user_id having count(*) > 1
      union all
      select 'withdrawal without its debit ' || w.id from withdrawals w
        where (select count(*) from ledger_entries l where l.user_id = w.user_id
               and l.kind = 'withdrawal' and l.reference = 'withdrawal:' || w.id) <> 1
      union all
      select 'balance ' || u.id || ': ' || u.balance || ' <> ' || coalesce(sum(l.amount), 0)
        from users u left join ledger_entries l on l.user_id = u.id
        group by u.id having u.balance <> coalesce(sum(l.amount), 0) or u.balance < 0
    `),
  ).map((row) => row.what);
  return { lost, doubled };
}

/** New users with an address, today's tasks started: what the burst's money operations need. */
async function prepareBurst(base: string, cycle: number): Promise<Op[][]> {
  const chains: Op[][] = [];
  for (let u = 0; u < USERS_PER_BURST; u++) {
    const username = `crash-${cycle}-${u}-${Math.random().toString(36).slice(2, 8)}`;
    const registered = await must(base, API.checkIn, null, {
      tab: 'register',
      username,
      password: 'secret12',
      confirm_password: 'secret12',
    });
    const token = (registered['userInfo'] as { token: string }).token;
    await must(base, API.setAddress, token, {
      walletaddress: BINANCE,
      tag: String(10_000 + cycle * 10 + u),
      password: 'secret12',
    });
    const day = await must(base, `${API.taskAccept}?locale=en`, token, {});
    const tasks = day['tasks'] as { id: number; questions: { id: string; options: { id: string }[] }[] }[];
    for (const task of tasks) await must(base, API.taskStart, token, { task_id: task.id });
    const op = (path: string, name: string, body: object = {}): Op => ({
      token,
      path,
      key: `${username}-${name}`,
      body,
      acked: null,
    });
    chains.push([
      op(API.newUserReward, 'gift'),
      ...tasks.map((task, t) => {
        const answers = Object.fromEntries(task.questions.map((q) => [q.id, q.options[0]?.id ?? '']));
        return op(API.taskComplete, `task-${t}`, {
          task_id: task.id,
          ...(task.questions.length ? { answers } : {}),
        });
      }),
      op(API.claimInterest, 'interest'),
      op(API.setWithdrawStatus, 'withdraw'),
    ]);
  }
  return chains;
}

/** Each user's operations in order (interest needs the tasks, the withdrawal the balance); users at once. */
async function runChains(base: string, chains: Op[][], totals: Totals, killedAt: () => number) {
  await Promise.all(
    chains.map(async (chain) => {
      for (const op of chain) {
        totals.operations += 1;
        const started = performance.now();
        const answer = await send(base, op);
        if (answer?.code === 1) {
          op.acked = answer.data;
          totals.acknowledged += 1;
        } else if (answer === null) {
          if (started < killedAt()) totals.inFlight += 1;
          else totals.unsent += 1;
        }
      }
    }),
  );
}

/**
 * Sends a burst's operations again with their keys, as the app's offline queue does after a restart:
 * an acknowledged one must get its first answer back; one that was cut off may go through now.
 */
async function replay(base: string, ops: Op[], totals: Totals) {
  for (const op of ops) {
    const answer = await send(base, op);
    totals.replays += 1;
    if (op.acked !== null) {
      expect(answer?.code, `${op.path} ${op.key} replayed`).toBe(1);
      expect(answer?.data).toEqual(op.acked);
    } else if (answer?.code === 1) {
      op.acked = answer.data;
    }
  }
}

const engines = await backends();

describe.each(engines.map((engine) => [engine.name, engine] as const))('kill -9 on %s', (_name, engine) => {
  it(
    `${CYCLES} kills during bursts: no acknowledged operation lost or doubled, balances equal their ledgers`,
    { timeout: 60_000 + CYCLES * 45_000 },
    async () => {
      const folder = engine.name === 'pglite' ? mkdtempSync(join(tmpdir(), 'earnest-crash-')) : null;
      const postgres: TestDatabase | null = engine.name === 'postgres' ? await engine.create() : null;
      const serverEnv = {
        ...(postgres ? { DATABASE_URL: postgres.url ?? '' } : { DATA_DIR: folder ?? '' }),
        CHECKIN_RATE_LIMIT: '100000',
        DEMO_TASK_SECONDS: '0',
        TASKS_PER_DAY: '2',
        MIN_WITHDRAWAL_XRP: '1',
      };
      const totals: Totals = {
        operations: 0,
        acknowledged: 0,
        inFlight: 0,
        unsent: 0,
        lost: 0,
        doubled: 0,
        replays: 0,
      };
      let previous: Op[] = [];
      let server: ServerProcess | null = null;
      try {
        for (let cycle = 0; cycle < CYCLES; cycle++) {
          server = await startServerProcess(serverEnv);
          const base = server.url;
          await replay(base, previous, totals);
          const chains = await prepareBurst(base, cycle);
          const killed = server.child;
          const exited = new Promise<void>((resolve) => killed.once('exit', () => resolve()));
          // Somewhere in the burst, or just after it: both must be survived.
          let killedAt = Infinity;
          const timer = setTimeout(
            () => {
              killedAt = performance.now();
              killed.kill('SIGKILL');
            },
            Math.floor(Math.random() * 800),
          );
          await runChains(base, chains, totals, () => killedAt);
          await exited.catch(() => undefined);
          if (killed.exitCode === null && killed.signalCode === null) killed.kill('SIGKILL');
          await exited;
          clearTimeout(timer);
          server = null;

          previous = chains.flat();
          // The database as the next start finds it.
          const database = postgres ?? (await openDatabase({ dataDir: folder ?? '' }));
          try {
            const { lost, doubled } = await audit(database.db, previous);
            totals.lost += lost.length;
            totals.doubled += doubled.length;
            expect(
              lost.map((op) => `${op.path} ${op.key}`),
              `cycle ${cycle}: lost`,
            ).toEqual([]);
            expect(doubled, `cycle ${cycle}: doubled or unbalanced`).toEqual([]);
          } finally {
            if (!postgres) await database.close();
          }
        }
        // The last burst's replays too, then a last look.
        server = await startServerProcess(serverEnv);
        await replay(server.url, previous, totals);
        expect((await server.stop('SIGTERM')).code).toBe(0);
        server = null;
        const database = postgres ?? (await openDatabase({ dataDir: folder ?? '' }));
        try {
          const { lost, doubled } = await audit(database.db, previous);
          expect(lost).toEqual([]);
          expect(doubled).toEqual([]);
        } finally {
          if (!postgres) await database.close();
        }
      } finally {
        if (server) await server.stop('SIGKILL');
        await postgres?.dispose();
        if (folder) rmSync(folder, { recursive: true, force: true });
      }
      console.log(
        `crash on ${engine.name}: ${CYCLES} kill -9 cycles, ${totals.operations} operations sent, ` +
          `${totals.acknowledged} acknowledged, ${totals.inFlight} in flight at the kill, ${totals.unsent} refused after it, ` +
          `${totals.replays} replayed after restarts; lost ${totals.lost}, doubled ${totals.doubled}`,
      );
      expect(totals.acknowledged).toBeGreaterThan(0);
    },
  );
});
