import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { API, TOKEN_HEADER } from '#contract/paths.ts';
import { formatAmount } from '#domain/money/amount.ts';
import { DEFAULT_RULES } from '#domain/rules/product-rules.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { openDatabase, rowsOf, type Db } from '#server/db/database.ts';
import { runPayoutOnce } from '#server/features/payouts/payout-job.ts';
import { connectXrplPayer } from '#server/features/payouts/xrpl-payer.ts';
import { startFakeRippled } from '#tests/fakes/fake-rippled.ts';
import { buildTestApp, envelope } from '#tests/helpers/app.ts';
import { describeOnPostgres, POSTGRES_ADMIN_URL } from '#tests/helpers/databases.ts';
import { post, seedUsers } from '#tests/helpers/money-fixtures.ts';
import { startServerProcess } from '#tests/helpers/server-process.ts';
import { sql } from 'drizzle-orm';

// `npm run test:backup`: a populated database (gifts, tasks, interest, withdrawals paid and refunded)
// is dumped with pg_dump, restored with pg_restore into a new database, and must hold the same money:
// every table's rows, every user's ledger sum and balance. Then the server starts on the copy, says it
// is ready, and a user signed in before the dump is still signed in with the same balance. The steps
// are the ones docs/deploy.md#backups gives an operator.

const run = promisify(execFile);
const USERS = 12;

/** What must survive a backup: row counts of every table, and each user's balance and ledger sum. */
async function fingerprint(db: Db) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`),
  ).map((row) => row.name);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql.raw(`select count(*)::int as n from "${table}"`)),
    );
    counts[table] = row?.n ?? -1;
  }
  const money = rowsOf<{ id: string; balance: string; total: string }>(
    await db.execute(sql`
      select u.id::text as id, u.balance::text as balance, coalesce(sum(l.amount), 0)::text as total
        from users u left join ledger_entries l on l.user_id = u.id group by u.id order by u.id`),
  );
  const [ledger] = rowsOf<{ entries: number; total: string }>(
    await db.execute(
      sql`select count(*)::int as entries, coalesce(sum(amount), 0)::text as total from ledger_entries`,
    ),
  );
  return { counts, money, ledger };
}

await describeOnPostgres('backup and restore', (backend) => {
  it('restores a pg_dump into a new database with the same money, and the app starts on it', async () => {
    const source = await backend.create();
    const copyName = `earnest_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
    const copyUrl = new URL(POSTGRES_ADMIN_URL);
    copyUrl.pathname = `/${copyName}`;
    const folder = mkdtempSync(join(tmpdir(), 'earnest-backup-'));
    const rippled = await startFakeRippled({ closeMs: 20 });
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      // A database with every kind of money movement in it.
      const app = await buildTestApp({
        database: source,
        env: { DEMO_TASK_SECONDS: '0', TASKS_PER_DAY: '2', MIN_WITHDRAWAL_XRP: '1', WAITING_DAYS: '0' },
      });
      const people = await seedUsers(source.db, USERS, 'backup');
      for (const [i, person] of people.entries()) {
        await source.db.execute(
          sql`insert into withdraw_addresses (user_id, address, tag, created_at) values (${person.id}, 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', ${String(60_000 + i)}, now())`,
        );
        await post(app, API.newUserReward, person.token, {}, `gift-${person.id}`);
        const day = envelope(await post(app, `${API.taskAccept}?locale=en`, person.token, {}));
        const tasks = day.data['tasks'] as {
          id: number;
          questions: { id: string; options: { id: string }[] }[];
        }[];
        for (const task of tasks) {
          await post(app, API.taskStart, person.token, { task_id: task.id });
          const answers = Object.fromEntries(task.questions.map((q) => [q.id, q.options[0]?.id ?? '']));
          await post(
            app,
            API.taskComplete,
            person.token,
            { task_id: task.id, ...(task.questions.length ? { answers } : {}) },
            `task-${person.id}-${task.id}`,
          );
        }
        await post(app, API.claimInterest, person.token, {}, `interest-${person.id}`);
      }
      const payer = await connectXrplPayer(rippled.url, Wallet.generate().seed ?? '');
      const payAll = async () => {
        for (let pass = 0; pass < 40; pass++) {
          const done = await runPayoutOnce({
            db: source.db,
            clock: testClock(),
            rules: { ...DEFAULT_RULES, waitingDays: 0 },
            payer,
          });
          if (done.inFlight === 0 && done.claimed === 0 && pass > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      };
      // Four paid, four failed and refunded, four still holding their money.
      for (const person of people.slice(0, 4))
        await post(app, API.setWithdrawStatus, person.token, {}, `w-${person.id}`);
      await payAll();
      rippled.outcome = 'tecNO_DST_INSUF_XRP';
      for (const person of people.slice(4, 8))
        await post(app, API.setWithdrawStatus, person.token, {}, `w-${person.id}`);
      await payAll();
      await payer.close();
      await app.close();
      const before = await fingerprint(source.db);
      const kinds = rowsOf<{ kind: string }>(
        await source.db.execute(sql`select distinct kind from ledger_entries order by 1`),
      ).map((r) => r.kind);
      expect(kinds).toEqual(['gift', 'interest', 'refund', 'task', 'withdrawal']);

      // The operator's backup: a compressed dump, restored into a new, empty database.
      const dump = join(folder, 'earnest.dump');
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', dump, source.url ?? '']);
      await admin.query(`create database ${copyName}`);
      await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', copyUrl.toString(), dump]);

      const copy = await openDatabase({ url: copyUrl.toString(), dataDir: 'unused' });
      const after = await fingerprint(copy.db);
      await copy.close();
      expect(after).toEqual(before);
      for (const row of after.money) expect(row.balance, `user ${row.id}`).toBe(row.total);

      // The server starts on the copy, is ready, and a session from before the dump still works.
      const server = await startServerProcess({ DATABASE_URL: copyUrl.toString() });
      try {
        const ready = await fetch(`${server.url}/readyz`);
        expect(ready.status).toBe(200);
        // One who still holds money (the first eight withdrew theirs).
        const person = people[USERS - 1];
        const info = (await (
          await fetch(`${server.url}${API.userInfo}`, { headers: { [TOKEN_HEADER]: person?.token ?? '' } })
        ).json()) as { code: number; data: { userInfo: { balance: string } } };
        expect(info.code).toBe(1);
        const balance = before.money.find((row) => row.id === String(person?.id))?.balance ?? '';
        expect(balance).not.toBe('0');
        expect(info.data.userInfo.balance).toBe(formatAmount(BigInt(balance)));
      } finally {
        expect((await server.stop('SIGTERM')).code).toBe(0);
      }
      console.log(
        `backup: ${before.ledger?.entries} ledger entries summing to ${before.ledger?.total} units over ${before.money.length} users, ` +
          `${Object.keys(before.counts).length} tables (dump ${statSync(dump).size} bytes): restored equal; the app started on the copy and was ready`,
      );
    } finally {
      await admin.query(`drop database if exists ${copyName} with (force)`);
      await admin.end();
      await rippled.close();
      await source.dispose();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 300_000);
});
