import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { xrp } from '#domain/money/amount.ts';
import { ledgerEntries, withdrawAddresses, withdrawals } from '#server/db/schema.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { startFakeRippled, type FakeRippled } from '#tests/fakes/fake-rippled.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { describeOnPostgres, type TestDatabase } from '#tests/helpers/databases.ts';
import { post, seedUsers } from '#tests/helpers/money-fixtures.ts';
import type { FastifyInstance } from 'fastify';

// Two payout job PROCESSES on one PostgreSQL database sign 50 due withdrawals at once: the payout
// wallet's row lock gives every payment its own Sequence, so all 50 are paid and none is refunded
// (docs/payouts.md).

const run = promisify(execFile);
const seed = Wallet.generate().seed ?? '';

await describeOnPostgres('two payout processes', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let rippled: FakeRippled;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildTestApp({ database });
    rippled = await startFakeRippled({ closeMs: 20 });
  });
  afterAll(async () => {
    await app.close();
    await rippled.close();
    await database.dispose();
  });

  it('sign 50 withdrawals at once: 50 distinct Sequences, 50 payments, none refunded', async () => {
    const ids: number[] = [];
    const users: number[] = [];
    for (let i = 0; i < 50; i++) {
      const [user] = await seedUsers(database.db, 1, 'procs');
      if (!user) throw new Error('no user');
      await ledger.append(database.db, {
        userId: user.id,
        kind: 'adjustment',
        amount: xrp(100 + i),
        idempotencyKey: `seed-${user.id}`,
        reference: `seed-${user.id}`,
        createdAt: new Date(),
      });
      await database.db.insert(withdrawAddresses).values({
        userId: user.id,
        address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
        tag: String(90_000 + i),
        createdAt: new Date(),
      });
      await post(app, '/api/user/setWithdrawStatus', user.token, {}, `w-${user.id}`);
      const [row] = await database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
      ids.push(row?.id ?? 0);
      users.push(user.id);
    }
    const args = ['tests/helpers/payout-process.ts', database.url ?? '', rippled.url, seed, '60'];
    await Promise.all([run(process.execPath, args), run(process.execPath, args)]);

    const rows = await database.db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
    expect(rows.map((row) => row.status)).toEqual(Array(50).fill('success'));
    expect(new Set(rows.map((row) => row.txSequence)).size).toBe(50);
    const paid = [...rippled.applied.values()].filter(
      (entry) => Number(entry.tx['DestinationTag']) >= 90_000 && entry.result === 'tesSUCCESS',
    );
    expect(paid).toHaveLength(50);
    expect(new Set(paid.map((entry) => entry.tx['Sequence'])).size).toBe(50);
    const refunds = await database.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.userId, users));
    expect(refunds.filter((entry) => entry.kind === 'refund')).toEqual([]);
    console.log(`two payout processes: ${rows.length} withdrawals, ${paid.length} payments, 0 refunds`);
  }, 180_000);
});
