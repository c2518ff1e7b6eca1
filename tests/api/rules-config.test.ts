import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { parseEnv } from '#server/env.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { buildTestApp, envelope, getAs } from '#tests/helpers/app.ts';
import { post, seedUsers } from '#tests/helpers/money-fixtures.ts';

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

      const [user] = await seedUsers(database.db, 1, 'rules');
      if (!user) throw new Error('no user');
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

  it('runs a production server on the real clock only', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', CLOCK_OFFSET_SECONDS: '60' })).toThrow(
      /CLOCK_OFFSET_SECONDS/,
    );
    expect(parseEnv({ NODE_ENV: 'test', CLOCK_OFFSET_SECONDS: '60' }).CLOCK_OFFSET_SECONDS).toBe(60);
  });

  it('refuses to start with a number it cannot hold exactly', () => {
    expect(() => parseEnv({ GIFT_XRP: '1e3' })).toThrow(/GIFT_XRP/);
    expect(() => parseEnv({ APR_STEP_PERCENT: '0.125' })).toThrow(/APR_STEP_PERCENT/);
  });
});
