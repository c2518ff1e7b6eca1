import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API, TOKEN_HEADER } from '#contract/paths.ts';
import { xrp } from '#domain/money/amount.ts';
import { addressChanges, sessions, withdrawAddresses, withdrawals } from '#server/db/schema.ts';
import { accountOperator } from '#server/features/account/operator.ts';
import { ledger } from '#server/ledger/ledger.ts';
import {
  envelope,
  getAs,
  login,
  postAs,
  register,
  signOutOtherDevice,
  useTestAppWithSms,
} from '#tests/helpers/app.ts';
import { credit, userIdOf } from '#tests/helpers/money-fixtures.ts';

/**
 * An account's state changes end every way into it, and limits hold whatever the account does
 * (docs/product-rules.md#accounts-that-stay-closed). Each case here was an open door once.
 */
const { sms, clock, handle } = useTestAppWithSms({ LINK_ATTEMPT_LIMIT: '1000' });

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** A new device asks for a code; the signed-in device approves it; nobody has collected it yet. */
async function approvedCode(ownerToken: string) {
  const pairing = envelope(await postAs(handle.app, API.pairingStart, null, {}, { 'user-agent': ANDROID }))
    .data as {
    code: string;
    secret: string;
  };
  const approved = await postAs(handle.app, API.linkApprove, ownerToken, {
    code: pairing.code,
    password: 'secret12',
  });
  expect(envelope(approved).code).toBe(1);
  return () => postAs(handle.app, API.pairingState, null, { code: pairing.code, secret: pairing.secret });
}

/** Makes a session linked from a settled device: a new device inside its 24-hour cool-off. */
async function linkedSession(ownerToken: string) {
  const collect = await approvedCode(ownerToken);
  const state = envelope(await collect()).data as { state: string; token: string };
  expect(state.state).toBe('approved');
  return state.token;
}

describe('a pairing code dies with the account access it was approved for', () => {
  const closers: [string, (name: string, token: string) => Promise<void>][] = [
    [
      'a ban',
      async (name) => {
        expect(await accountOperator.ban(handle.database.db, clock, name, 'pairing test')).toBeNull();
      },
    ],
    [
      'a deletion',
      async (_name, token) => {
        expect(
          (await postAs(handle.app, API.deleteAccount, token, { password: 'secret12' })).statusCode,
        ).toBe(200);
      },
    ],
    [
      'a new password',
      async (_name, token) => {
        const changed = await postAs(handle.app, API.changePassword, token, {
          password: 'secret12',
          new_password: 'secret99',
          confirm_password: 'secret99',
        });
        expect(changed.statusCode).toBe(200);
      },
    ],
    [
      '"sign out all other devices"',
      async (_name, token) => {
        expect((await postAs(handle.app, API.revokeOtherDevices, token)).statusCode).toBe(200);
      },
    ],
    [
      'the approving device signing out',
      async (_name, token) => {
        expect((await postAs(handle.app, API.logout, token)).statusCode).toBe(200);
      },
    ],
    [
      'another device signing the approving one out',
      async (name, token) => {
        const other = envelope(await login(handle.app, name, 'secret12')).data['userInfo'] as {
          token: string;
        };
        const revoked = await signOutOtherDevice(handle.app, other.token);
        expect(envelope(revoked).data).toEqual({ revoked: true });
        expect((await getAs(handle.app, API.userInfo, token)).statusCode).toBe(401);
      },
    ],
  ];

  for (const [index, [what, close]] of closers.entries()) {
    it(`hands out no session after ${what}`, async () => {
      const name = `closing-${index}`;
      const { token } = await register(handle.app, name);
      const id = await userIdOf(handle.database.db, name);
      const collect = await approvedCode(token);
      await close(name, token);
      const after = envelope(await collect()).data;
      expect(after).toEqual({ state: 'expired', token: null });
      const live = await handle.database.db.select().from(sessions).where(eq(sessions.userId, id));
      expect(live.filter((s) => s.linkedAt !== null)).toEqual([]);
    });
  }

  it('a deleted account stays deleted: no gift can be claimed through a code approved before', async () => {
    const { token } = await register(handle.app, 'gift-after-delete');
    const id = await userIdOf(handle.database.db, 'gift-after-delete');
    const collect = await approvedCode(token);
    await postAs(handle.app, API.deleteAccount, token, { password: 'secret12' });
    const state = envelope(await collect()).data as { token: string | null };
    expect(state.token).toBeNull();
    expect(await ledger.sum(handle.database.db, id)).toBe(0n);
  });

  it('cannot be collected after its collection window, let alone a month later', async () => {
    const { token } = await register(handle.app, 'slow-collector');
    const collect = await approvedCode(token);
    clock.advance(3 * 60_000);
    expect(envelope(await collect()).data).toEqual({ state: 'expired', token: null });
    clock.advance(30 * 86_400_000);
    expect(envelope(await collect()).data).toEqual({ state: 'expired', token: null });
  });
});

describe('a device linked minutes ago', () => {
  it('cannot turn off security notifications, and the original device can sign it out', async () => {
    const { token } = await register(handle.app, 'cooling');
    const linked = await linkedSession(token);
    const off = await postAs(handle.app, API.pushSettings, linked, { topic: 'devices', enabled: false });
    expect(off.statusCode).toBe(403);
    expect(envelope(off).data.error).toBe('device.link_cooldown');
    const withdrawalsOff = await postAs(handle.app, API.pushSettings, linked, {
      topic: 'withdrawals',
      enabled: false,
    });
    expect(envelope(withdrawalsOff).data.error).toBe('device.link_cooldown');
    // What does not guard the account stays the user's choice.
    expect(
      (await postAs(handle.app, API.pushSettings, linked, { topic: 'tasks', enabled: true })).statusCode,
    ).toBe(200);
    // Nor can it sign the original device out, approve another link, or delete the account.
    const devices = envelope(await getAs(handle.app, API.devices, token)).data['list'] as {
      id: number;
      current: boolean;
    }[];
    const original = devices.find((d) => d.current);
    expect(
      envelope(await postAs(handle.app, API.revokeDevice, linked, { id: original?.id })).data.error,
    ).toBe('device.link_cooldown');
    expect(
      envelope(await postAs(handle.app, API.deleteAccount, linked, { password: 'secret12' })).data.error,
    ).toBe('device.link_cooldown');
    // The original device always can.
    expect(envelope(await signOutOtherDevice(handle.app, token)).data).toEqual({ revoked: true });
    expect((await getAs(handle.app, API.userInfo, linked)).statusCode).toBe(401);
  });
});

describe('the current password', () => {
  it('is guessed at most five times, through the same limit as sign-in', async () => {
    const { token } = await register(handle.app, 'guessed');
    const answers: string[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await postAs(handle.app, API.changePassword, token, {
        password: `guess-${i}`,
        new_password: 'stolen99',
        confirm_password: 'stolen99',
      });
      answers.push(envelope(response).data.error ?? 'changed');
    }
    expect(answers).toEqual([
      ...Array(4).fill('account.password_wrong'),
      ...Array(3).fill('auth.too_many_attempts'),
    ]);
    // Locked: even the right password is refused now, on every route that asks for it.
    const right = await postAs(handle.app, API.changePassword, token, {
      password: 'secret12',
      new_password: 'stolen99',
      confirm_password: 'stolen99',
    });
    expect(envelope(right).data.error).toBe('auth.too_many_attempts');
    expect(
      envelope(await postAs(handle.app, API.deleteAccount, token, { password: 'secret12' })).data.error,
    ).toBe('auth.too_many_attempts');
    expect(envelope(await login(handle.app, 'guessed', 'secret12')).data.error).toBe(
      'auth.too_many_attempts',
    );
  });

  it('is not checked when the answer does not need it: deletion during a withdrawal says so to anyone', async () => {
    const { token } = await register(handle.app, 'withdrawing-deleter');
    const id = await userIdOf(handle.database.db, 'withdrawing-deleter');
    await credit(handle.database.db, id, xrp(150), 'seed', clock.now());
    await handle.database.db.insert(withdrawals).values({
      userId: id,
      amount: xrp(150),
      address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
      tag: '7',
      status: 'processing',
      createdAt: clock.now(),
    });
    const wrong = await postAs(handle.app, API.deleteAccount, token, { password: 'not-it' });
    const right = await postAs(handle.app, API.deleteAccount, token, { password: 'secret12' });
    expect(wrong.statusCode).toBe(right.statusCode);
    expect(wrong.body).toBe(right.body);
    expect(envelope(right).data.error).toBe('account.withdrawal_in_progress');
  });
});

describe('limits that deleting an account does not reset', () => {
  it('sends at most 10 SMS an hour from one address, however many accounts come and go', async () => {
    const before = sms.value.messages.length;
    for (let round = 0; round < 8; round++) {
      const { token } = await register(handle.app, `pumper-${round}`);
      for (let i = 0; i < 5; i++) {
        await handle.app.inject({
          method: 'POST',
          url: API.kycSendCode,
          headers: { [TOKEN_HEADER]: token },
          payload: { phone: `+4479111${String(round).padStart(2, '0')}${String(i).padStart(3, '0')}` },
          remoteAddress: '203.0.113.9',
        });
      }
      await postAs(handle.app, API.deleteAccount, token, { password: 'secret12' });
    }
    expect(sms.value.messages.length - before).toBe(10);
  });

  it('pays the phone bonus once per number: not again to a new account after the first was deleted', async () => {
    const phone = '+447911123460';
    const verify = async (name: string) => {
      const { token } = await register(handle.app, name);
      clock.advance(61_000);
      const sent = await handle.app.inject({
        method: 'POST',
        url: API.kycSendCode,
        headers: { [TOKEN_HEADER]: token },
        payload: { phone },
        remoteAddress: '198.51.100.200',
      });
      expect(envelope(sent).code).toBe(1);
      const code = /#(\d{6})$/.exec(sms.value.messages.at(-1)?.text ?? '')?.[1] ?? '';
      const verified = await postAs(handle.app, API.kycVerify, token, { code }, { 'idempotency-key': name });
      expect(envelope(verified).data).toMatchObject({ state: 'verified' });
      return { token, id: await userIdOf(handle.database.db, name) };
    };
    const first = await verify('bonus-once-1');
    expect(await ledger.sum(handle.database.db, first.id)).toBeGreaterThan(0n);
    expect(
      (await postAs(handle.app, API.deleteAccount, first.token, { password: 'secret12' })).statusCode,
    ).toBe(200);
    const second = await verify('bonus-once-2');
    expect(await ledger.sum(handle.database.db, second.id)).toBe(0n);
  });
});

describe("a deleted account's name, taken again", () => {
  it('names another account: its lasting id is new, so a device never takes one for the other', async () => {
    const accountIdOf = async (token: string) =>
      (envelope(await getAs(handle.app, API.userInfo, token)).data['userInfo'] as { account_id: string })
        .account_id;
    const first = await register(handle.app, 'Name-Again');
    const firstId = await accountIdOf(first.token);
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    // The same account keeps it on every sign-in, whatever case the name is typed in.
    const again = envelope(await login(handle.app, 'name-again', 'secret12')).data['userInfo'] as {
      account_id: string;
    };
    expect(again.account_id).toBe(firstId);

    expect(
      (await postAs(handle.app, API.deleteAccount, first.token, { password: 'secret12' })).statusCode,
    ).toBe(200);
    const second = await register(handle.app, 'Name-Again');
    const secondId = await accountIdOf(second.token);
    expect(secondId).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondId).not.toBe(firstId);
  });
});

describe('the site an SMS names', () => {
  it("comes from configuration, never from the request's Host header", async () => {
    const { token } = await register(handle.app, 'host-header');
    const sent = await handle.app.inject({
      method: 'POST',
      url: API.kycSendCode,
      headers: { [TOKEN_HEADER]: token, host: 'evil.example' },
      payload: { phone: '+447911123457' },
      remoteAddress: '198.51.100.77',
    });
    expect(envelope(sent).data).toEqual({ expires_time: expect.any(Number) });
    const text = sms.value.messages.at(-1)?.text ?? '';
    expect(text).toMatch(/@earnest\.example #\d{6}$/);
    expect(text).not.toContain('evil.example');
  });
});

describe('personal data', () => {
  it('shows an inviter masked names of the friends who joined, never their e-mail', async () => {
    const inviter = await register(handle.app, 'masker');
    await register(handle.app, 'maria.lopez@example.com', { invite_code: inviter.inviteCode });
    const list = envelope(await getAs(handle.app, API.inviteList, inviter.token)).data['list'] as {
      username: string;
    }[];
    expect(list.map((i) => i.username)).toEqual(['ma***z']);
    expect(JSON.stringify(list)).not.toContain('example.com');
  });

  it('leaves nothing in any table that names a deleted person', async () => {
    const email = 'erase.me.fully@example.com';
    const agent = 'EraseTestBrowser/9.9 (UniqueDevice 4711)';
    const ip = '192.0.2.211';
    const phone = '+447911123458';
    const address = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
    const tag = '884422117';
    const registered = await handle.app.inject({
      method: 'POST',
      url: API.checkIn,
      payload: { tab: 'register', username: email, password: 'secret12', confirm_password: 'secret12' },
      headers: { 'user-agent': agent },
      remoteAddress: ip,
    });
    const token = (envelope(registered).data['userInfo'] as { token: string }).token;
    const id = await userIdOf(handle.database.db, email);
    // Everything that names the person: a phone (sent and verified), an address, a device link.
    await handle.app.inject({
      method: 'POST',
      url: API.kycSendCode,
      headers: { [TOKEN_HEADER]: token, 'user-agent': agent },
      payload: { phone },
      remoteAddress: ip,
    });
    const verified = await postAs(
      handle.app,
      API.kycVerify,
      token,
      { code: sms.value.lastCode(phone) ?? '' },
      { 'idempotency-key': 'erase-kyc' },
    );
    expect(envelope(verified).data['state']).toBe('verified');
    await handle.database.db
      .insert(withdrawAddresses)
      .values({ userId: id, address, tag, createdAt: clock.now() });
    await handle.database.db.insert(addressChanges).values({
      userId: id,
      oldAddress: address,
      oldTag: tag,
      newAddress: address,
      newTag: `${tag}0`,
      createdAt: clock.now(),
      holdUntil: clock.now(),
    });
    await handle.database.db.insert(withdrawals).values({
      userId: id,
      amount: xrp(1),
      address,
      tag,
      status: 'failed',
      createdAt: clock.now(),
    });
    const pairing = envelope(
      await handle.app.inject({
        method: 'POST',
        url: API.pairingStart,
        payload: {},
        headers: { 'user-agent': agent },
        remoteAddress: ip,
      }),
    ).data as { code: string; secret: string };
    await postAs(handle.app, API.linkApprove, token, { code: pairing.code, password: 'secret12' });
    await handle.app.inject({
      method: 'POST',
      url: API.pairingState,
      payload: { code: pairing.code, secret: pairing.secret },
      headers: { 'user-agent': agent },
      remoteAddress: ip,
    });
    await login(handle.app, email, 'wrong-password');
    expect(envelope(await postAs(handle.app, API.deleteAccount, token, { password: 'secret12' })).code).toBe(
      1,
    );

    const tables = await handle.database.db.execute<{ table_name: string }>(
      // Every table of the schema, however many there are now or later.
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'` as never,
    );
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names.length).toBeGreaterThan(15);
    const found: string[] = [];
    for (const table of names) {
      const rows = (await handle.database.db.execute(`select * from "${table}"` as never)) as unknown as {
        rows: unknown[];
      };
      const text = JSON.stringify(rows.rows, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
      for (const value of [email, 'erase.me.fully', agent, ip, phone, phone.slice(1), address, tag]) {
        if (text.includes(value)) found.push(`${table}: ${value}`);
      }
    }
    expect(found).toEqual([]);
  });
});
