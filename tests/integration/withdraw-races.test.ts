import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { xrp } from '#domain/money/amount.ts';
import { users, withdrawals } from '#server/db/schema.ts';
import { payoutOperator } from '#server/features/payouts/operator.ts';
import { createWithdrawRepository } from '#server/features/withdraw/withdraw.repository.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { useTestApp } from '#tests/helpers/app.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { describeOnPostgres } from '#tests/helpers/databases.ts';
import { credit, post, seedUser, seedUsers, setTestAddress } from '#tests/helpers/money-fixtures.ts';

// Many connections racing to withdraw the same balance is a PostgreSQL question (PGlite has one
// connection and serialises everything), so this runs on the local server when it is reachable.
const TRIALS = 100;
const CONCURRENT = 50;

await describeOnPostgres('withdrawal races', (backend) => {
  const handle = useTestApp({ backend });

  it(`${TRIALS} trials of ${CONCURRENT} concurrent withdrawals: one withdrawal each, never a negative balance`, async () => {
    const seeded = await seedUsers(handle.database.db, TRIALS, 'racer');
    for (const [i, user] of seeded.entries()) {
      await credit(handle.database.db, user.id, xrp(100 + i), `seed-${user.id}`);
      await setTestAddress(handle.database.db, user.id, i);
    }

    const statuses = new Map<number, number>();
    for (const user of seeded) {
      const responses = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, k) =>
          post(handle.app, '/api/user/setWithdrawStatus', user.token, {}, `race-${user.id}-${k}`),
        ),
      );
      for (const response of responses)
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }

    const [counts] = await handle.database.db
      .select({
        negative: sql<number>`count(*) filter (where ${users.balance} < 0)::int`,
        mismatched: sql<number>`count(*) filter (where ${users.balance} <> 0)::int`,
      })
      .from(users);
    const perUser = await handle.database.db
      .select({
        userId: withdrawals.userId,
        n: sql<number>`count(*)::int`,
        total: sql<string>`sum(${withdrawals.amount})::text`,
      })
      .from(withdrawals)
      .groupBy(withdrawals.userId);
    expect(counts).toEqual({ negative: 0, mismatched: 0 });
    expect(perUser).toHaveLength(TRIALS);
    expect(perUser.every((row) => row.n === 1)).toBe(true);
    for (const user of seeded) {
      expect(await ledger.sum(handle.database.db, user.id)).toBe(0n);
      const [row] = await handle.database.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, user.id));
      expect(row?.amount).toBe(xrp(100 + seeded.indexOf(user)));
    }
    // Exactly one success per trial; every other request was told a withdrawal is in progress (409)
    // or, having waited for the first to commit, that the rules are no longer met (400).
    expect(statuses.get(200)).toBe(TRIALS);
    expect((statuses.get(409) ?? 0) + (statuses.get(400) ?? 0)).toBe(TRIALS * (CONCURRENT - 1));
  }, 300_000);

  it("an operator's rejection and an ad's reduction of the same withdrawal both finish, in either order", async () => {
    const db = handle.database.db;
    const user = await seedUser(db, 'ad-and-reject');
    await credit(db, user.id, xrp(150), `seed-${user.id}`);
    await setTestAddress(db, user.id, 7_777);
    expect(
      (await post(handle.app, '/api/user/setWithdrawStatus', user.token, {}, 'ad-reject')).statusCode,
    ).toBe(200);
    const [withdrawal] = await db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    if (!withdrawal) throw new Error('no withdrawal');

    // The ad's transaction as the money route runs it: the account's lock first (taken with the
    // request's key), then the withdrawal's row.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const ad = db.transaction(async (tx) => {
      await ledger.lockUser(tx, user.id);
      locked();
      await held;
      await createWithdrawRepository(tx).reduceWait(withdrawal.id, 12);
    });
    await lockTaken;
    const rejected = payoutOperator.reject(db, testClock(), withdrawal.id, 'racing an ad');
    // Long enough for the rejection to take whatever locks it takes before it waits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await ad;
    await rejected;
    const [after] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(after?.status).toBe('failed');
    expect(await ledger.balance(db, user.id)).toBe(xrp(150));
  });
});
