import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '#contract/paths.ts';
import { xrp } from '#domain/money/amount.ts';
import { rowsOf } from '#server/db/database.ts';
import { createPayoutsRepository } from '#server/features/withdraw/payouts.repository.ts';
import { buildTestApp, envelope, getAs, register } from '#tests/helpers/app.ts';
import { pglite, type TestDatabase } from '#tests/helpers/databases.ts';
import { credit, post, setTestAddress, userIdOf } from '#tests/helpers/money-fixtures.ts';
import { testClock } from '#tests/helpers/test-clock.ts';

/**
 * The day's edges as users meet them: midnight during an ad, a day of 23 or 25 hours, and a waiting
 * period that crosses a clock change. Each test runs on its own app, on a clock moved to the instant
 * it needs.
 */
const opened: { app: FastifyInstance; database: TestDatabase }[] = [];
afterEach(async () => {
  for (const { app, database } of opened.splice(0)) {
    await app.close();
    await database.dispose();
  }
});

async function appAt(iso: string, env: Record<string, string> = {}) {
  const clock = testClock();
  clock.advance(Date.parse(iso) - clock.now().getTime());
  const database = await pglite.create();
  const app = await buildTestApp({ database, clock, env });
  opened.push({ app, database });
  return { app, database, clock };
}

/** A new account with 150 XRP and an address, which has asked to withdraw. */
async function withdrawing(app: FastifyInstance, database: TestDatabase, now: Date) {
  const name = `edge${randomBytes(3).toString('hex')}`;
  const { token } = await register(app, name);
  const id = await userIdOf(database.db, name);
  await credit(database.db, id, xrp(150n), `seed-${id}`, now);
  await setTestAddress(database.db, id, 7, now);
  const started = envelope(await post(app, API.setWithdrawStatus, token, {}, `w-${id}`));
  expect(started.code).toBe(1);
  return { token, id, endTime: started.data['end_time'] as number };
}

describe('the edges of the day', () => {
  it('takes an ad opened before midnight and watched to its end after it, for the day it opened', async () => {
    const { app, database, clock } = await appAt('2027-01-10T23:59:45Z', { AD_SECONDS: '30' });
    const { token } = await withdrawing(app, database, clock.now());
    expect(envelope(await post(app, API.adStart, token, {})).code).toBe(1);
    // 00:00:16: the ad has run its 30 seconds, across midnight.
    clock.advance(31_000);
    const done = envelope(await post(app, API.adComplete, token, {}, 'ad-late'));
    expect(done.code, JSON.stringify(done.data)).toBe(1);
    expect(done.data['reduced_today']).toBeGreaterThan(0);
    // The new day has its own ad, as every day does.
    expect(envelope(await getAs(app, API.adStatus, token)).data['state']).toBe('ready');
  });

  it('still refuses an ad opened the day before and left unwatched for hours', async () => {
    const { app, database, clock } = await appAt('2027-01-10T23:59:45Z', { AD_SECONDS: '30' });
    const { token } = await withdrawing(app, database, clock.now());
    expect(envelope(await post(app, API.adStart, token, {})).code).toBe(1);
    clock.advance(2 * 3_600_000);
    expect(envelope(await post(app, API.adComplete, token, {}, 'ad-stale')).data.error).toBe(
      'ads.not_started',
    );
  });

  it('lists the seven days of the week once each around a day of 25 and of 23 hours', async () => {
    // 23:30 in Berlin on 2027-10-31, the day summer time ends (25 hours).
    const { app, clock } = await appAt('2027-10-31T22:30:00Z', { DAY_TIME_ZONE: 'Europe/Berlin' });
    const late = await register(app, `week${randomBytes(3).toString('hex')}`);
    const daysOf = async (token: string) =>
      (envelope(await getAs(app, API.taskHistory, token)).data['days'] as { day: string }[]).map(
        (d) => d.day,
      );
    expect(await daysOf(late.token)).toEqual([
      '2027-10-25',
      '2027-10-26',
      '2027-10-27',
      '2027-10-28',
      '2027-10-29',
      '2027-10-30',
      '2027-10-31',
    ]);
    // 00:30 in Berlin on 2028-03-27, just after the 23-hour day.
    clock.advance(Date.parse('2028-03-26T22:30:00Z') - clock.now().getTime());
    const early = await register(app, `week${randomBytes(3).toString('hex')}`);
    expect(await daysOf(early.token)).toEqual([
      '2028-03-21',
      '2028-03-22',
      '2028-03-23',
      '2028-03-24',
      '2028-03-25',
      '2028-03-26',
      '2028-03-27',
    ]);
  });

  it('makes a withdrawal due at the end shown, whatever time zone the database session is in', async () => {
    // The wait crosses the end of summer time in Berlin, the zone PostgreSQL was installed with.
    const { app, database, clock } = await appAt('2027-10-10T12:00:00Z');
    await database.db.execute(sql`set time zone 'Europe/Berlin'`);
    const { id, endTime } = await withdrawing(app, database, clock.now());
    const payouts = createPayoutsRepository(database.db);
    const [row] = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from withdrawals where user_id = ${id}`),
    );
    if (!row) throw new Error('no withdrawal');
    expect(await payouts.isDue(Number(row.id), new Date(endTime * 1000 - 1000), 30)).toBe(false);
    expect(await payouts.isDue(Number(row.id), new Date(endTime * 1000 + 1000), 30)).toBe(true);
  });
});
