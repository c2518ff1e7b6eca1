import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_SETTINGS_API } from '#contract/ops-settings.ts';
import { OPS_API } from '#contract/ops.ts';
import { API } from '#contract/paths.ts';
import { nextDayStart } from '#domain/time/day.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { buildTestApp, getAs, register, useTestApp } from '#tests/helpers/app.ts';
import { post, seedWithdrawals, userIdOf } from '#tests/helpers/money-fixtures.ts';
import { createOperator, opsRequest, opsToken } from '#tests/helpers/operators.ts';
import { openDatabase } from '#server/db/database.ts';
import { parseEnv, ruleSettingDefaultsFrom } from '#server/env.ts';
import { createRuleSettings } from '#server/features/settings/rule-settings.service.ts';
import { CLI } from '#server/features/ops/ops.service.ts';
import { DEFAULT_RULES } from '#domain/rules/product-rules.ts';

// The console's settings (docs/operators.md#settings): a change is dated, takes effect from its stated
// time and never earlier, every server process reads it from the database, and it is audited.

const clock = testClock();
const handle = useTestApp({ clock });
// A second server process on the same database, with its own copy of the settings.
let other: FastifyInstance;
beforeAll(async () => {
  other = await buildTestApp({ database: handle.database, clock });
});
afterAll(async () => {
  await other.close();
});

const dataOf = (response: { json(): unknown }) =>
  (response.json() as { data: Record<string, unknown> & { error?: string } }).data;
const publicSettings = async (app: FastifyInstance) => dataOf(await app.inject({ url: API.customSettings }));
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function operatorToken(name: string, role: 'admin' | 'support' = 'admin') {
  const operator = await createOperator(handle.app, handle.database.db, clock, name, role);
  return opsToken(handle.app, operator, clock);
}

describe('settings changed from the console', () => {
  it('apply from their effective time in every process, never earlier, and never to what was done before', async () => {
    const operator = await createOperator(handle.app, handle.database.db, clock, 'settings.admin');
    const admin = await opsToken(handle.app, operator, clock);
    const schedule = (body: object) => opsRequest(handle.app, 'POST', OPS_SETTINGS_API.schedule, admin, body);
    const early = await register(handle.app, 'gift.today');
    const late = await register(handle.app, 'gift.tomorrow');
    const [waiting] = await seedWithdrawals(handle.app, handle.database.db, 1, {
      prefix: 'waits',
      firstTag: 500,
      amount: 1_000_000_000n,
    });
    if (!waiting) throw new Error('no withdrawal');
    const endTime = async () =>
      (dataOf(await getAs(handle.app, API.withdrawLogs, waiting.token)).list as { end_time: number }[])[0]
        ?.end_time;
    const endBefore = await endTime();
    expect(endBefore).toBeGreaterThan(0);

    // The gift rises to 50 XRP from tomorrow's midnight.
    const tomorrow = nextDayStart(clock.now(), 'UTC');
    const scheduled = dataOf(
      await schedule({ name: 'gift_xrp', value: '50', effective_time: seconds(tomorrow), reason: 'launch' }),
    );
    expect(scheduled).toMatchObject({ name: 'gift_xrp', value: '50', effective_time: seconds(tomorrow) });
    expect((await publicSettings(handle.app))['gift_amount']).toBe('30');
    expect((await publicSettings(other))['gift_amount']).toBe('30');
    expect(
      dataOf(await post(handle.app, '/api/user/newUserReward', early.token, {}, 'gift-1'))['amount'],
    ).toBe('30');

    // Refused: the past, a value that is not one, an exchange address with a bad checksum.
    const errorOf = async (body: object) => dataOf(await schedule(body)).error;
    expect(await errorOf({ name: 'gift_xrp', value: '40', effective_time: seconds(clock.now()) - 60 })).toBe(
      'ops.setting_in_past',
    );
    expect(await errorOf({ name: 'gift_xrp', value: '0.0000001' })).toBe('ops.setting_invalid');
    // A time no date can hold is refused at the edge (before, it reached the database: a 500).
    const farOff = await schedule({ name: 'gift_xrp', value: '40', effective_time: Number.MAX_SAFE_INTEGER });
    expect(farOff.statusCode).toBe(400);
    expect(await errorOf({ name: 'waiting_days', value: 'soon' })).toBe('ops.setting_invalid');
    expect(
      await errorOf({
        name: 'exchanges',
        value: '[{"name":"X","addresses":["rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLj"]}]',
      }),
    ).toBe('ops.setting_invalid');
    // "Now" is a few seconds ahead, so that every process has read the change when it takes effect.
    const now = dataOf(await schedule({ name: 'waiting_days', value: '10' }));
    expect(now['effective_time']).toBe(seconds(clock.now()) + 5);
    expect((await publicSettings(other))['waiting_days']).toBe(30);
    clock.advance(5000);
    expect((await publicSettings(other))['waiting_days']).toBe(10);
    expect((await publicSettings(handle.app))['waiting_days']).toBe(10);
    // The withdrawal asked for under 30 days still waits 30 days, for the user and in the console.
    expect(await endTime()).toBe(endBefore);
    const queue = dataOf(
      await opsRequest(handle.app, 'GET', `${OPS_API.withdrawals}?state=open&user=waits`, admin),
    ).list as { id: number; due_time: number }[];
    expect(queue.find((row) => row.id === waiting.withdrawalId)?.due_time).toBe(endBefore);

    clock.advance(tomorrow.getTime() - clock.now().getTime());
    expect((await publicSettings(other))['gift_amount']).toBe('50');
    expect(dataOf(await post(other, '/api/user/newUserReward', late.token, {}, 'gift-2'))['amount']).toBe(
      '50',
    );
    expect(await ledger.balance(handle.database.db, await userIdOf(handle.database.db, 'gift.today'))).toBe(
      300_000_000n,
    );
    expect(
      await ledger.balance(handle.database.db, await userIdOf(handle.database.db, 'gift.tomorrow')),
    ).toBe(500_000_000n);

    // A console session ends after 30 idle minutes: the operator signs in again the next day.
    const nextDay = await opsToken(handle.app, operator, clock);
    const list = dataOf(await opsRequest(handle.app, 'GET', OPS_SETTINGS_API.list, nextDay));
    const gift = (list.list as { name: string; default: string; current: string }[]).find(
      (s) => s.name === 'gift_xrp',
    );
    expect(gift).toMatchObject({ default: '30', current: '50' });
    expect((list.history as { name: string }[]).map((change) => change.name)).toEqual([
      'waiting_days',
      'gift_xrp',
    ]);
    const audit = dataOf(
      await opsRequest(handle.app, 'GET', `${OPS_API.audit}?action=setting.schedule`, nextDay),
    ).list as { target_id: string; reason: string | null; before: unknown; after: unknown }[];
    expect(audit.map((entry) => entry.target_id)).toEqual(['waiting_days', 'gift_xrp']);
    expect(audit[1]).toMatchObject({ reason: 'launch', before: { value: '30' }, after: { value: '50' } });
  });

  it('changes the support link, the exchange list and the extra withdrawal rules the users see', async () => {
    const admin = await operatorToken('settings.rules');
    const schedule = (name: string, value: string) =>
      opsRequest(handle.app, 'POST', OPS_SETTINGS_API.schedule, admin, { name, value });
    await schedule('support_url', 'mailto:help@earnest.example');
    await schedule('withdraw_require_phone', 'true');
    await schedule('exchanges', '[{"name":"Kraken","addresses":["rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh"]}]');
    clock.advance(5000);
    const settings = await publicSettings(other);
    expect(settings['support_url']).toBe('mailto:help@earnest.example');
    expect((settings['withdraw_rules'] as { id: string }[]).map((rule) => rule.id)).toContain(
      'phone_verified',
    );
    const user = await register(handle.app, 'exchange.user');
    const list = dataOf(await getAs(other, API.exchangeWhitelist, user.token)).list as { name: string }[];
    expect(list.map((exchange) => exchange.name)).toEqual(['Kraken']);
  });

  it('lets support read the settings but not change them', async () => {
    const support = await operatorToken('settings.support', 'support');
    expect((await opsRequest(handle.app, 'GET', OPS_SETTINGS_API.list, support)).statusCode).toBe(200);
    const refused = await opsRequest(handle.app, 'POST', OPS_SETTINGS_API.schedule, support, {
      name: 'gift_xrp',
      value: '1',
    });
    expect(refused.statusCode).toBe(403);
  });

  // Last: it schedules a change for later.
  it('refuses a base annual rate above the maximum, now or under a change scheduled for later', async () => {
    const admin = await operatorToken('rates.admin');
    const schedule = async (body: object) =>
      dataOf(await opsRequest(handle.app, 'POST', OPS_SETTINGS_API.schedule, admin, body)).error;
    const current = dataOf(await opsRequest(handle.app, 'GET', OPS_SETTINGS_API.list, admin)).list as {
      name: string;
      current: string;
    }[];
    expect(current.filter((s) => s.name.startsWith('apr_'))).toMatchObject([
      { name: 'apr_base_percent', current: '5' },
      { name: 'apr_step_percent', current: '1' },
      { name: 'apr_max_percent', current: '20' },
    ]);
    // A base above the maximum would advertise a rate nobody is paid (it is capped at the maximum).
    expect(await schedule({ name: 'apr_base_percent', value: '25' })).toBe('ops.setting_conflict');
    expect(await schedule({ name: 'apr_max_percent', value: '4' })).toBe('ops.setting_conflict');
    const nextWeek = seconds(clock.now()) + 7 * 86_400;
    expect(
      await schedule({ name: 'apr_base_percent', value: '8', effective_time: nextWeek }),
    ).toBeUndefined();
    // Fine today, but below the base of next week.
    expect(await schedule({ name: 'apr_max_percent', value: '6' })).toBe('ops.setting_conflict');
    expect(await schedule({ name: 'apr_max_percent', value: '8' })).toBeUndefined();
  });
});

describe('a rate conflict already in force', () => {
  // Reachable when the configuration changes under rates an operator set before: it blocks only a
  // change of the rates, never an unrelated one.
  it('refuses only a change of the rates themselves', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const ruleSettings = createRuleSettings({
        db: database.db,
        clock,
        baseRules: DEFAULT_RULES,
        defaults: { ...ruleSettingDefaultsFrom(parseEnv({}), DEFAULT_RULES, []), aprBaseBp: 2500 },
        payoutWallet: null,
      });
      expect(
        await ruleSettings.schedule(CLI, { name: 'gift_xrp', value: '25', reason: 'test' }),
      ).toMatchObject({ ok: true });
      expect(
        await ruleSettings.schedule(CLI, { name: 'apr_max_percent', value: '21', reason: 'test' }),
      ).toMatchObject({
        ok: false,
        error: 'ops.setting_conflict',
      });
    } finally {
      await database.close();
    }
  });
});
