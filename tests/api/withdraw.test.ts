import { Wallet } from 'xrpl';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classicAddressToXAddress } from 'ripple-address-codec';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UNITS_PER_DROP, xrp } from '#domain/money/amount.ts';
import { maskName } from '#domain/privacy/mask.ts';
import { parseDestination } from '#domain/withdraw/address.ts';
import { openDatabase } from '#server/db/database.ts';
import { users, withdrawals } from '#server/db/schema.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { buildTestApp, envelope, getAs, useTestApp } from '#tests/helpers/app.ts';
import { credit, post, seedUser, seedUsers, setTestAddress } from '#tests/helpers/money-fixtures.ts';
import { API } from '#contract/paths.ts';

const BINANCE = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';
const KRAKEN = 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh';
// A valid address that belongs to no whitelisted exchange (the XRPL genesis account).
const NOT_AN_EXCHANGE = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

const clock = testClock();

const handle = useTestApp({ clock, env: { AD_SECONDS: '30' } });

const get = async (url: string, token: string) => envelope(await getAs(handle.app, url, token));
const setAddress = async (token: string, walletaddress: string, tag: string) =>
  envelope(
    await post(handle.app, '/api/withdraw/setAddress', token, { walletaddress, tag, password: 'secret12' }),
  );

async function userWithBalance(xrpAmount: bigint, extraDrops = 0n) {
  const user = await seedUser(handle.database.db, 'withdrawer');
  if (xrpAmount === 0n && extraDrops === 0n) return user;
  await credit(handle.database.db, user.id, xrp(xrpAmount) + extraDrops * UNITS_PER_DROP, `seed-${user.id}`);
  return user;
}

describe('the withdrawal address', () => {
  it('ships a whitelist whose addresses all have valid checksums', async () => {
    const body = await get('/api/other/getExchangeWhitelist', '');
    const served = (body.data['list'] as { addresses: string[] }[]).flatMap((exchange) => exchange.addresses);
    expect(served.length).toBeGreaterThan(0);
    const refused = served.filter((address) => !parseDestination(address, '1').ok);
    expect(refused).toEqual([]);
  });

  it('refuses to start with a whitelist file that holds an address with a bad checksum', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'earnest-whitelist-'));
    try {
      const file = join(dir, 'whitelist.json');
      const mistyped = `${KRAKEN.slice(0, -1)}${KRAKEN.endsWith('h') ? 'j' : 'h'}`;
      writeFileSync(file, JSON.stringify([{ name: 'Kraken', addresses: [KRAKEN, mistyped] }]));
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        await expect(buildTestApp({ database, env: { EXCHANGE_WHITELIST_FILE: file } })).rejects.toThrow(
          `Invalid addresses in the exchange whitelist: ${mistyped}`,
        );
      } finally {
        await database.close();
      }
      writeFileSync(file, JSON.stringify([{ name: 'Kraken', addresses: [KRAKEN] }]));
      const good = await openDatabase({ dataDir: 'memory://' });
      const app = await buildTestApp({ database: good, env: { EXCHANGE_WHITELIST_FILE: file } });
      expect(envelope(await app.inject({ url: '/api/other/getExchangeWhitelist' })).data['list']).toEqual([
        { name: 'Kraken', addresses: [KRAKEN] },
      ]);
      await app.close();
      await good.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses to start when the payout wallet's own address is in the exchange list", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'earnest-whitelist-'));
    const hot = Wallet.generate();
    try {
      const file = join(dir, 'whitelist.json');
      writeFileSync(file, JSON.stringify([{ name: 'Kraken', addresses: [KRAKEN, hot.address] }]));
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        await expect(
          buildTestApp({
            database,
            env: { EXCHANGE_WHITELIST_FILE: file, XRPL_URL: 'ws://127.0.0.1:9', XRPL_SEED: hot.seed ?? '' },
          }),
        ).rejects.toThrow(`The payout wallet ${hot.address} is in the exchange list`);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses bad input with the catalogue messages and saves nothing', async () => {
    const { token } = await userWithBalance(0n);
    const cases: [string, string, string][] = [
      ['', '1', 'withdraw.address_required'],
      ['rShort', '1', 'withdraw.address_length'],
      [`${BINANCE.slice(0, -1)}b`, '1', 'withdraw.address_invalid'],
      [BINANCE, 'abc', 'withdraw.tag_invalid'],
      [BINANCE, '4294967296', 'withdraw.tag_invalid'],
      [NOT_AN_EXCHANGE, '1', 'withdraw.not_whitelisted'],
    ];
    for (const [address, tag, code] of cases) {
      const body = await setAddress(token, address, tag);
      expect([address, body.data.error]).toEqual([address, code]);
    }
    expect((await get('/api/withdraw/getAddress', token)).data).toEqual({
      walletaddress: '',
      tag: '',
      exchange: null,
      hold_until: null,
      changes: [],
    });
  });

  it('is permanent once set, and an address and tag another user holds are refused', async () => {
    const first = await userWithBalance(0n);
    const second = await userWithBalance(0n);
    const saved = await setAddress(first.token, classicAddressToXAddress(KRAKEN, 4242, false), '');
    expect(saved).toMatchObject({ code: 1, data: { walletaddress: KRAKEN, tag: '4242' } });
    expect((await setAddress(first.token, KRAKEN, '1')).data.error).toBe('withdraw.address_already_set');
    expect((await setAddress(second.token, KRAKEN, '4242')).data.error).toBe('withdraw.address_taken');
    expect((await setAddress(second.token, KRAKEN, '4243')).code).toBe(1);
  });
});

describe('withdrawing', () => {
  it('lists exactly the rules in force with the user progress, and enforces them', async () => {
    const { token } = await userWithBalance(99n);
    const rules = await get('/api/withdraw/rules', token);
    expect(rules.data).toEqual({
      rules: [
        { id: 'min_balance', met: false, current: '99', required: '100' },
        { id: 'address_saved', met: false, current: '0', required: '1' },
      ],
      may_withdraw: false,
      invite_rule: 'phone',
    });
    const refused = envelope(await post(handle.app, '/api/user/setWithdrawStatus', token, {}, 'w-refused'));
    expect(refused.data.error).toBe('withdraw.rules_unmet');
  });

  it('debits the whole balance once, leaving exactly 0, shows the waiting period, and the ad shortens it once a day', async () => {
    const user = await userWithBalance(150n, 20_547n); // 150.020547 XRP
    expect((await get('/api/account/userInfo', user.token)).data['userInfo']).toMatchObject({
      balance: '150.020547',
    });
    await setAddress(user.token, BINANCE, '100');
    const started = envelope(await post(handle.app, '/api/user/setWithdrawStatus', user.token, {}, 'w-1'));
    expect(started).toMatchObject({ code: 1, data: { status: 1, amount: '150.020547', reduced_hours: 0 } });
    const created = started.data['create_time'] as number;
    expect(started.data['end_time']).toBe(created + 30 * 86_400);
    const replay = envelope(await post(handle.app, '/api/user/setWithdrawStatus', user.token, {}, 'w-1'));
    expect(replay).toEqual(started);
    const again = envelope(await post(handle.app, '/api/user/setWithdrawStatus', user.token, {}, 'w-2'));
    expect(again.data.error).toBe('withdraw.in_progress');
    expect(await ledger.balance(handle.database.db, user.id)).toBe(0n);
    expect(await ledger.sum(handle.database.db, user.id)).toBe(0n);
    expect((await get('/api/user/getWithdrawStatus', user.token)).data['status']).toBe(1);

    expect((await get('/api/ad/status', user.token)).data['state']).toBe('ready');
    expect((await post(handle.app, '/api/ad/start', user.token, {})).statusCode).toBe(200);
    const early = envelope(await post(handle.app, '/api/ad/complete', user.token, {}, 'ad-1'));
    expect(early.data.error).toBe('ads.too_early');
    clock.advance(30_000);
    const done = envelope(await post(handle.app, '/api/ad/complete', user.token, {}, 'ad-2'));
    const reduced = done.data['reduced_today'] as number;
    expect(reduced).toBeGreaterThanOrEqual(12);
    expect(reduced).toBeLessThanOrEqual(24);
    expect(done.data['end_time']).toBe(created + 30 * 86_400 - reduced * 3600);
    expect((await post(handle.app, '/api/ad/start', user.token, {})).json()).toMatchObject({
      data: { error: 'ads.already_today' },
    });
    expect((await get('/api/ad/status', user.token)).data).toMatchObject({
      state: 'reduced',
      reduced_hours: reduced,
    });

    const logs = (await get('/api/withdraw/getWithdrawLogs', user.token)).data['list'] as unknown[];
    expect(logs).toEqual([
      expect.objectContaining({
        amount: '150.020547',
        status: 'processing',
        settled_time: null,
        address: BINANCE,
        tag: '100',
        tx_hash: null,
      }),
    ]);
  });

  it('feeds the recent-withdrawals toast only from paid withdrawals, with masked names and real amounts', async () => {
    const db = handle.database.db;
    const [paid, failed, waiting] = await seedUsers(db, 3, 'recent');
    if (!paid || !failed || !waiting) throw new Error('no users');
    const paidAt = new Date('2026-05-01T12:00:00Z');
    const withdrawal = (userId: number, status: string, amount: bigint) => ({
      userId,
      amount,
      address: BINANCE,
      tag: String(userId),
      status,
      createdAt: new Date('2026-04-01T12:00:00Z'),
      settledAt: status === 'processing' ? null : paidAt,
    });
    await db
      .insert(withdrawals)
      .values([
        withdrawal(paid.id, 'success', xrp(150) + 50n),
        withdrawal(failed.id, 'failed', xrp(120)),
        withdrawal(waiting.id, 'processing', xrp(110)),
      ]);
    const [paidUser] = await db.select({ username: users.username }).from(users).where(eq(users.id, paid.id));
    expect((await get('/api/other/recentWithdrawals', '')).data).toEqual({
      list: [
        {
          username: maskName(paidUser?.username ?? ''),
          amount: '150.000005',
          time: paidAt.getTime() / 1000,
        },
      ],
    });
    expect(maskName(paidUser?.username ?? '')).not.toBe(paidUser?.username);
  });
});

describe('the ad near and after the end of the wait', () => {
  const shortClock = testClock();
  const short = useTestApp({ clock: shortClock, env: { AD_SECONDS: '30', WAITING_DAYS: '1' } });

  it('removes at most what the wait had left, and is not offered once the wait is over', async () => {
    const user = await seedUser(short.database.db, 'ending');
    await credit(short.database.db, user.id, xrp(150));
    await setTestAddress(short.database.db, user.id, 101);
    const started = envelope(await post(short.app, API.setWithdrawStatus, user.token, {}, 'end-w'));
    const end = (started.data['end_time'] as number) * 1000;
    // Two hours and a minute before the end: the ad removes those (rounded up), not the 12 to 24 it picks.
    shortClock.advance(end - 2 * 3_600_000 - 60_000 - shortClock.now().getTime());
    expect((await post(short.app, API.adStart, user.token, {})).statusCode).toBe(200);
    shortClock.advance(30_000);
    const done = envelope(await post(short.app, API.adComplete, user.token, {}, 'end-ad'));
    expect(done.data).toMatchObject({ reduced_today: 3, reduced_hours: 3 });
    // The next day the wait is over (the payment waits for the payout job): nothing left to shorten.
    shortClock.advance(86_400_000);
    expect(envelope(await getAs(short.app, API.adStatus, user.token)).data['state']).toBe('no_withdrawal');
    expect(envelope(await post(short.app, API.adStart, user.token, {})).data.error).toBe('ads.no_withdrawal');
  });
});

describe('a withdrawal on the waiting period the user confirmed', () => {
  const app = useTestApp({ env: { WAITING_DAYS: '30' } });

  it('is refused when the period in force is another, debits nothing, and goes on the one shown', async () => {
    const user = await seedUser(app.database.db, 'terms');
    await credit(app.database.db, user.id, xrp(150));
    await setTestAddress(app.database.db, user.id, 102);
    // The confirmation said 45 days (a change the operator scheduled has taken effect since, or not yet).
    const refused = envelope(
      await post(app.app, API.setWithdrawStatus, user.token, { waiting_days: 45 }, 'terms-45'),
    );
    expect(refused.data.error).toBe('withdraw.terms_changed');
    const info = envelope(await getAs(app.app, API.userInfo, user.token)).data['userInfo'] as {
      balance: string;
    };
    expect(info.balance).toBe('150');
    expect(envelope(await getAs(app.app, API.getWithdrawStatus, user.token)).data['status']).toBe(0);

    const started = envelope(
      await post(app.app, API.setWithdrawStatus, user.token, { waiting_days: 30 }, 'terms-30'),
    );
    expect(started.code).toBe(1);
    const { create_time: created, end_time: end } = started.data as { create_time: number; end_time: number };
    expect(end - created).toBe(30 * 86_400);
  });
});
