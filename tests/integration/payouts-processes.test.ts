import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { xrp } from '#domain/money/amount.ts';
import { ledgerEntries, withdrawals } from '#server/db/schema.ts';
import { describeOnPostgres } from '#tests/helpers/databases.ts';
import { seedWithdrawals } from '#tests/helpers/money-fixtures.ts';
import { usePayoutTestbed } from '#tests/helpers/payout-testbed.ts';
import { runPayoutProcess } from '#tests/helpers/server-process.ts';

// Two payout job PROCESSES on one PostgreSQL database sign 50 due withdrawals at once: the payout
// wallet's row lock gives every payment its own Sequence, so all 50 are paid and none is refunded
// (docs/payouts.md).

const seed = Wallet.generate().seed ?? '';

await describeOnPostgres('two payout processes', (backend) => {
  const testbed = usePayoutTestbed({ backend, closeMs: 20 });

  it('sign 50 withdrawals at once: 50 distinct Sequences, 50 payments, none refunded', async () => {
    const { app, database, rippled } = testbed;
    const seeded = await seedWithdrawals(app, database.db, 50, {
      prefix: 'procs',
      firstTag: 90_000,
      amount: (i) => xrp(100 + i),
    });
    const ids = seeded.map((user) => user.withdrawalId);
    const users = seeded.map((user) => user.id);
    const job = { databaseUrl: database.url ?? '', rippledUrl: rippled.url, seed, passes: 60 };
    await Promise.all([runPayoutProcess(job), runPayoutProcess(job)]);

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
