import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerEntries, phoneBonuses, phoneCodes } from '#server/db/schema.ts';
import { hashCode } from '#server/features/kyc/kyc.service.ts';
import { useTestApp } from '#tests/helpers/app.ts';
import { describeOnPostgres } from '#tests/helpers/databases.ts';
import { inParallel, post, seedUsers } from '#tests/helpers/money-fixtures.ts';
import { testNow } from '#tests/helpers/test-clock.ts';

// 1,000 concurrent bonus attempts over 100 accounts that share 20 numbers: the bonus is paid at most
// once per number and once per account. A PostgreSQL question (many connections).

await describeOnPostgres('phone bonus races', (backend) => {
  const handle = useTestApp({ backend });

  it('pays at most one bonus per number and per account', async () => {
    const accounts = await seedUsers(handle.database.db, 100, 'bonus');
    const now = testNow();
    for (const [i, account] of accounts.entries()) {
      const phone = `+4479111${String(10_000 + (i % 20)).padStart(5, '0')}`;
      const [row] = await handle.database.db
        .insert(phoneCodes)
        .values({
          userId: account.id,
          phone,
          prefix: phone.slice(0, -6),
          codeHash: 'pending',
          ip: '127.0.0.1',
          createdAt: now,
          expiresAt: new Date(now.getTime() + 600_000),
        })
        .returning();
      if (!row) throw new Error('no code');
      await handle.database.db
        .update(phoneCodes)
        .set({ codeHash: hashCode(String(row.id), '424242') })
        .where(eq(phoneCodes.id, row.id));
    }

    const jobs = Array.from({ length: 1_000 }, (_, k) => {
      const account = accounts[k % 100];
      return () => post(handle.app, '/api/kyc/verify', account?.token ?? '', { code: '424242' }, `race-${k}`);
    });
    const responses = await inParallel(jobs, 100);
    expect(responses.every((r) => r.statusCode < 500)).toBe(true);

    const bonuses = await handle.database.db.select().from(phoneBonuses);
    expect(bonuses).toHaveLength(20);
    expect(new Set(bonuses.map((b) => b.userId)).size).toBe(20);
    const [perAccount] = await handle.database.db
      .select({ most: sql<number>`coalesce(max(n), 0)::int` })
      .from(
        sql`(select count(*) as n from ${ledgerEntries} where ${ledgerEntries.kind} = 'phone_bonus' group by ${ledgerEntries.userId}) counts`,
      );
    expect(perAccount?.most).toBe(1);
    const [total] = await handle.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'phone_bonus'));
    expect(total?.n).toBe(20);
  }, 120_000);
});
