import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API, IDEMPOTENCY_HEADER } from '#contract/paths.ts';
import { xrp } from '#domain/money/amount.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { addressChanges, destinationHolders, withdrawAddresses, withdrawals } from '#server/db/schema.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { startFakePushService } from '#tests/fakes/fake-push-service.ts';
import {
  buildTestApp,
  envelope,
  getAs,
  postAs,
  register,
  useStarted,
  useTestApp,
} from '#tests/helpers/app.ts';
import { credit, userIdOf } from '#tests/helpers/money-fixtures.ts';

// The withdrawal address: everything checkable is checked before saving, and it can be changed safely —
// the password, then 72 hours in which no withdrawal can start, every device told, the change on record,
// a withdrawal already running unaffected (docs/product-rules.md#withdrawal-rules).

const BINANCE = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';
const KRAKEN = 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh';
const NOT_AN_EXCHANGE = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const HOUR = 3_600_000;

const pushService = useStarted(startFakePushService);
const clock = testClock();
const handle = useTestApp(() => ({ clock, env: { PUSH_SERVICE_ORIGINS: pushService.value.origin } }));

async function userWith(name: string, balance: bigint) {
  const { token } = await register(handle.app, name);
  const id = await userIdOf(handle.database.db, name);
  if (balance > 0n) await credit(handle.database.db, id, balance, `seed-${name}`, clock.now());
  return { token, id };
}

const post = async (url: string, token: string, body: object, key?: string) =>
  envelope(await postAs(handle.app, url, token, body, key ? { [IDEMPOTENCY_HEADER]: key } : {}));
const get = async (url: string, token: string) => envelope(await getAs(handle.app, url, token)).data;

/** Saves an address the way the Withdraw screen does the first time: with the account's password. */
const saveAddress = (token: string, walletaddress: string, tag: string) =>
  post(API.setAddress, token, { walletaddress, tag, password: 'secret12' });

describe('checking an address before saving it', () => {
  it('answers what saving would, with the exchange, and saves nothing', async () => {
    const owner = await userWith('holder', 0n);
    const other = await userWith('checker', 0n);
    expect((await saveAddress(owner.token, BINANCE, '77')).code).toBe(1);

    const cases: [string, string, string][] = [
      [NOT_AN_EXCHANGE, '1', 'withdraw.not_whitelisted'],
      [`${BINANCE.slice(0, -1)}b`, '1', 'withdraw.address_invalid'],
      [BINANCE, '77', 'withdraw.address_taken'],
      [BINANCE, 'x', 'withdraw.tag_invalid'],
    ];
    for (const [walletaddress, tag, error] of cases) {
      expect((await post(API.checkAddress, other.token, { walletaddress, tag })).data.error).toBe(error);
    }
    const fine = await post(API.checkAddress, other.token, { walletaddress: BINANCE, tag: '78' });
    expect(fine).toMatchObject({ code: 1, data: { walletaddress: BINANCE, tag: '78', exchange: 'Binance' } });
    expect(await get(API.getAddress, other.token)).toMatchObject({ walletaddress: '', exchange: null });
  });

  it("stops an account walking through an exchange's tags to learn which are taken, not the others on its network", async () => {
    const walker = await userWith('tag-walker', 0n);
    const errors: string[] = [];
    for (let tag = 1; tag <= 31; tag++) {
      const body = await post(API.checkAddress, walker.token, {
        walletaddress: BINANCE,
        tag: String(1000 + tag),
      });
      errors.push(body.code === 1 ? 'ok' : String(body.data.error));
    }
    expect(errors.slice(0, 30)).toEqual(Array(30).fill('ok'));
    expect(errors[30]).toBe('request.rate_limited');
    // Another account on the same address is not held back.
    const neighbour = await userWith('tag-neighbour', 0n);
    expect(
      (await post(API.checkAddress, neighbour.token, { walletaddress: BINANCE, tag: '3000' })).code,
    ).toBe(1);
  });
});

describe('saving the first address', () => {
  it('takes the password, counted with the sign-in limit: a session alone cannot choose where the money goes', async () => {
    const user = await userWith('first-address-setter', 0n);
    const body = { walletaddress: BINANCE, tag: '5151' };
    // No password is a wrong one.
    expect((await post(API.setAddress, user.token, body)).data.error).toBe('account.password_wrong');
    expect((await post(API.setAddress, user.token, { ...body, password: 'not-mine' })).data.error).toBe(
      'account.password_wrong',
    );
    expect(await get(API.getAddress, user.token)).toMatchObject({ walletaddress: '' });
    expect((await post(API.setAddress, user.token, { ...body, password: 'secret12' })).code).toBe(1);
    expect(await get(API.getAddress, user.token)).toMatchObject({ walletaddress: BINANCE, tag: '5151' });
  });
});

describe('changing the address', () => {
  it('takes the password, holds withdrawals 72 hours, tells every device, and keeps a running one', async () => {
    const user = await userWith('mover', xrp(150));
    const saved = await saveAddress(user.token, BINANCE, '4242');
    expect(saved.data).toMatchObject({ walletaddress: BINANCE, exchange: 'Binance', hold_until: null });
    const token = JSON.stringify(pushService.value.subscription('mover-phone'));
    expect((await post(API.saveFcmToken, user.token, { fcmtoken: token })).code).toBe(1);

    // A withdrawal requested before the change goes to the address it was requested to.
    const running = await post(API.setWithdrawStatus, user.token, {}, 'w-before');
    expect(running.code).toBe(1);

    const change = { walletaddress: KRAKEN, tag: '9', password: 'secret12' };
    expect(
      (await post(API.changeAddress, user.token, { ...change, walletaddress: BINANCE, tag: '4242' })).data
        .error,
    ).toBe('withdraw.address_unchanged');
    expect(
      (await post(API.changeAddress, user.token, { ...change, walletaddress: NOT_AN_EXCHANGE })).data.error,
    ).toBe('withdraw.not_whitelisted');
    expect((await post(API.changeAddress, user.token, { ...change, password: 'wrong-one' })).data.error).toBe(
      'account.password_wrong',
    );
    expect(await handle.database.db.select().from(addressChanges)).toEqual([]);

    const before = pushService.value.deliveries.length;
    const askedAt = Math.floor(clock.now().getTime() / 1000);
    const changed = await post(API.changeAddress, user.token, change);
    expect(changed.code).toBe(1);
    // The hold runs 72 hours from the moment the server took the change, which may be a second after
    // the test read the clock.
    const holdUntil = Number(changed.data['hold_until']);
    expect(holdUntil - 72 * 3600).toBeGreaterThanOrEqual(askedAt);
    expect(holdUntil - 72 * 3600).toBeLessThanOrEqual(Math.floor(clock.now().getTime() / 1000));
    expect(changed.data).toMatchObject({
      walletaddress: KRAKEN,
      tag: '9',
      exchange: 'Kraken',
      hold_until: holdUntil,
    });
    expect(changed.data['changes']).toEqual([
      expect.objectContaining({
        old_address: BINANCE,
        old_tag: '4242',
        new_address: KRAKEN,
        new_tag: '9',
        hold_until: holdUntil,
      }),
    ]);
    expect(pushService.value.deliveries.slice(before).map((d) => d.id)).toEqual(['mover-phone']);

    const [open] = await handle.database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    expect(open).toMatchObject({ address: BINANCE, tag: '4242', status: 'processing' });
    await handle.database.db
      .update(withdrawals)
      .set({ status: 'success' })
      .where(eq(withdrawals.userId, user.id));

    // During the hold: the rule is listed and no withdrawal can start.
    await ledger.append(handle.database.db, {
      userId: user.id,
      kind: 'adjustment',
      amount: xrp(120),
      idempotencyKey: 'seed-again',
      reference: 'seed-again',
      createdAt: clock.now(),
    });
    const rules = (await get(API.withdrawRules, user.token)) as {
      rules: { id: string; met: boolean; required: string }[];
    };
    expect(rules.rules.find((rule) => rule.id === 'address_settled')).toEqual({
      id: 'address_settled',
      met: false,
      current: '0',
      required: String(holdUntil),
    });
    expect((await post(API.setWithdrawStatus, user.token, {}, 'w-held')).data.error).toBe(
      'withdraw.rules_unmet',
    );

    clock.advance(71 * HOUR);
    expect((await post(API.setWithdrawStatus, user.token, {}, 'w-still-held')).data.error).toBe(
      'withdraw.rules_unmet',
    );
    clock.advance(1 * HOUR + 1000);
    const rulesAfter = (await get(API.withdrawRules, user.token)) as { rules: { id: string }[] };
    expect(rulesAfter.rules.map((rule) => rule.id)).not.toContain('address_settled');
    expect((await post(API.setWithdrawStatus, user.token, {}, 'w-after')).code).toBe(1);
    const rows = await handle.database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    expect(rows.map((row) => [row.address, row.tag]).sort()).toEqual([
      [BINANCE, '4242'],
      [KRAKEN, '9'],
    ]);
  });

  it('counts wrong passwords with the sign-in limit, and needs a saved address', async () => {
    const user = await userWith('guesser', 0n);
    const change = { walletaddress: KRAKEN, tag: '10', password: 'secret12' };
    expect((await post(API.changeAddress, user.token, change)).data.error).toBe('withdraw.address_missing');
    expect((await saveAddress(user.token, BINANCE, '10')).code).toBe(1);
    const answers: string[] = [];
    for (let i = 0; i < 7; i++) {
      answers.push(
        String((await post(API.changeAddress, user.token, { ...change, password: `wrong-${i}` })).data.error),
      );
    }
    // The fifth failure locks, as at sign-in: it is answered with the lock.
    expect(answers).toEqual([
      ...Array(4).fill('account.password_wrong'),
      ...Array(3).fill('auth.too_many_attempts'),
    ]);
    // The right password does not get through a lock either.
    expect((await post(API.changeAddress, user.token, change)).data.error).toBe('auth.too_many_attempts');
    const [address] = await handle.database.db
      .select()
      .from(withdrawAddresses)
      .where(eq(withdrawAddresses.userId, user.id));
    expect(address).toMatchObject({ address: BINANCE, tag: '10', holdUntil: null });
  });
});

describe('a deposit belongs to the first account that saved it, for good', () => {
  const taken = async (token: string, tag: string) => {
    const body = { walletaddress: KRAKEN, tag };
    return [
      (await post(API.checkAddress, token, body)).data.error,
      (await post(API.setAddress, token, { ...body, password: 'secret12' })).data.error,
    ];
  };

  it('is not handed on by changing away from it, nor by deleting the account', async () => {
    const first = await userWith('first-holder', 0n);
    const second = await userWith('second-holder', 0n);
    expect((await saveAddress(first.token, KRAKEN, '9001')).code).toBe(1);
    const change = { walletaddress: KRAKEN, tag: '9002', password: 'secret12' };
    expect((await post(API.changeAddress, first.token, change)).code).toBe(1);
    // The first account no longer has 9001 saved, and it still is not the second's to take.
    expect(await taken(second.token, '9001')).toEqual(['withdraw.address_taken', 'withdraw.address_taken']);
    // Its own earlier deposit stays the first account's to go back to.
    const back = await post(API.changeAddress, first.token, { ...change, tag: '9001' });
    expect(back.code).toBe(1);

    expect(
      (await postAs(handle.app, API.deleteAccount, first.token, { password: 'secret12' })).statusCode,
    ).toBe(200);
    expect(
      await handle.database.db.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, first.id)),
    ).toEqual([]);
    for (const tag of ['9001', '9002']) {
      expect(await taken(second.token, tag)).toEqual(['withdraw.address_taken', 'withdraw.address_taken']);
    }
    // Nor can another account change to it.
    expect((await saveAddress(second.token, KRAKEN, '9003')).code).toBe(1);
    const onto = await post(API.changeAddress, second.token, { ...change, tag: '9002' });
    expect(onto.data.error).toBe('withdraw.address_taken');
    expect(await get(API.getAddress, second.token)).toMatchObject({ walletaddress: KRAKEN, tag: '9003' });
  });

  it('knows the deposits saved or paid to before holders were kept, each with its first account, from the next start', async () => {
    const db = handle.database.db;
    const early = await userWith('early-holder', 0n);
    const later = await userWith('later-holder', 0n);
    const newcomer = await userWith('newcomer-holder', 0n);
    // As an earlier release left them: a withdrawal and an address change of the early account, and
    // the later account holding the same deposit as the early one's withdrawal, with no holders kept.
    await db.insert(withdrawals).values({
      userId: early.id,
      amount: xrp(100),
      address: KRAKEN,
      tag: '8001',
      status: 'success',
      createdAt: new Date(clock.now().getTime() - 10 * HOUR),
    });
    await db.insert(addressChanges).values({
      userId: early.id,
      oldAddress: KRAKEN,
      oldTag: '8002',
      newAddress: KRAKEN,
      newTag: '8003',
      createdAt: new Date(clock.now().getTime() - 5 * HOUR),
      holdUntil: clock.now(),
    });
    await db
      .insert(withdrawAddresses)
      .values({ userId: later.id, address: KRAKEN, tag: '8001', createdAt: clock.now() });
    await db.delete(destinationHolders);

    const restarted = await buildTestApp({ database: handle.database, clock });
    try {
      // Other tests' deposits are recorded too; these two accounts' are the early one's two.
      const holders = (await db.select().from(destinationHolders)).filter((holder) =>
        [early.id, later.id].includes(holder.userId),
      );
      expect(holders.map((holder) => holder.userId)).toEqual([early.id, early.id]);
      for (const tag of ['8001', '8002']) {
        expect(await taken(newcomer.token, tag)).toEqual([
          'withdraw.address_taken',
          'withdraw.address_taken',
        ]);
      }
      // A start with holders kept records nothing again.
      const recorded = (await db.select().from(destinationHolders)).length;
      await db.delete(destinationHolders).where(eq(destinationHolders.userId, early.id));
      await (await buildTestApp({ database: handle.database, clock })).close();
      expect(await db.select().from(destinationHolders)).toHaveLength(recorded - 2);
    } finally {
      await restarted.close();
    }
  });
});
