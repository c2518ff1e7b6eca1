import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { parseEnv } from '#server/env.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { API } from '#contract/paths.ts';
import { xrp } from '#domain/money/amount.ts';
import { buildTestApp, envelope, getAs } from '#tests/helpers/app.ts';
import {
  acceptDay,
  completeTasks,
  credit,
  post,
  seedUser,
  setTestAddress,
} from '#tests/helpers/money-fixtures.ts';
import { testClock } from '#tests/helpers/test-clock.ts';

describe('the product rules are configuration', () => {
  it('shows and credits the configured numbers, not the defaults', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildTestApp({
      database,
      env: { TASKS_PER_DAY: '5', GIFT_XRP: '12.5', APR_STEP_PERCENT: '0.5', DAILY_TASK_CAP_XRP: '10' },
    });
    try {
      const settings = envelope(await app.inject({ url: '/api/other/getCustomSettings' })).data;
      expect(settings).toMatchObject({
        tasks_per_day: 5,
        gift_amount: '12.5',
        apr_step: '0.5',
        daily_task_cap: '10',
      });

      const user = await seedUser(database.db, 'rules');
      const tasks = envelope(await getAs(app, '/api/task/list', user.token)).data;
      expect((tasks['tasks'] as unknown[]).length).toBe(5);
      const gift = envelope(await post(app, '/api/user/newUserReward', user.token, {}, 'g'));
      expect(gift.data['amount']).toBe('12.5');
      expect(await ledger.balance(database.db, user.id)).toBe(125_000_000n);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('a day the catalog cannot fill within the cap needs only the tasks it holds; a gift of 0 is no gift', async () => {
    const clock = testClock();
    const database = await openDatabase({ dataDir: 'memory://' });
    // The demo tasks pay 2 XRP each, so a cap of 7 XRP fills a day with 3 of the 10.
    const app = await buildTestApp({ database, clock, env: { DAILY_TASK_CAP_XRP: '7', GIFT_XRP: '0' } });
    try {
      const user = await seedUser(database.db, 'short');
      await setTestAddress(database.db, user.id, 5);
      const gift = await post(app, API.newUserReward, user.token, {}, 'g');
      expect(envelope(gift).data.error).toBe('rewards.no_gift');
      expect(await ledger.balance(database.db, user.id)).toBe(0n);
      await credit(database.db, user.id, xrp(100));

      const tasks = await acceptDay(app, user.token);
      expect(tasks).toHaveLength(3);
      expect(await completeTasks(app, user.token, tasks, clock, 't')).toEqual([200, 200, 200]);
      const offer = envelope(await getAs(app, API.dailyReward, user.token)).data;
      expect(offer).toMatchObject({ today_tasks: 3, day_tasks: 3, tasks_per_day: 10, gift_amount: '0' });
      const claim = await post(app, API.claimInterest, user.token, { amount: offer['daily_reward'] }, 'i');
      expect(envelope(claim).data).toMatchObject({ amount: offer['daily_reward'] });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('a day accepted with 10 tasks before TASKS_PER_DAY was lowered to 5 needs 5, as only 5 can be credited', async () => {
    const clock = testClock();
    const database = await openDatabase({ dataDir: 'memory://' });
    const before = await buildTestApp({ database, clock });
    const after = await buildTestApp({ database, clock, env: { TASKS_PER_DAY: '5' } });
    try {
      const user = await seedUser(database.db, 'lowered');
      await setTestAddress(database.db, user.id, 6);
      await credit(database.db, user.id, xrp(100));
      const tasks = await acceptDay(before, user.token);
      expect(tasks).toHaveLength(10);
      const done = await completeTasks(after, user.token, tasks, clock, 'l');
      expect(done.filter((status) => status === 200)).toHaveLength(5);
      const offer = envelope(await getAs(after, API.dailyReward, user.token)).data;
      expect(offer).toMatchObject({ today_tasks: 5, day_tasks: 5 });
      const claim = await post(after, API.claimInterest, user.token, { amount: offer['daily_reward'] }, 'i');
      expect(envelope(claim).data).toMatchObject({ amount: offer['daily_reward'] });
    } finally {
      await before.close();
      await after.close();
      await database.close();
    }
  });

  it('runs a production server on the real clock only', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', CLOCK_OFFSET_SECONDS: '60' })).toThrow(
      /CLOCK_OFFSET_SECONDS/,
    );
    expect(parseEnv({ NODE_ENV: 'test', CLOCK_OFFSET_SECONDS: '60' }).CLOCK_OFFSET_SECONDS).toBe(60);
  });

  it('refuses to start with a base annual rate above the maximum', () => {
    expect(() => parseEnv({ APR_BASE_PERCENT: '25' })).toThrow(/APR_BASE_PERCENT/);
    expect(() => parseEnv({ APR_BASE_PERCENT: '8', APR_MAX_PERCENT: '7.5' })).toThrow(/APR_BASE_PERCENT/);
    expect(parseEnv({ APR_BASE_PERCENT: '20' }).APR_BASE_PERCENT).toBe('20');
  });

  it('refuses to start with a number it cannot hold exactly', () => {
    expect(() => parseEnv({ GIFT_XRP: '1e3' })).toThrow(/GIFT_XRP/);
    expect(() => parseEnv({ APR_STEP_PERCENT: '0.125' })).toThrow(/APR_STEP_PERCENT/);
  });
});
