import { describe, expect, it } from 'vitest';
import { API, TOKEN_HEADER } from '#contract/paths.ts';
import { accountOperator } from '#server/features/account/operator.ts';
import { envelope, getAs, postAs, register, useTestAppWithSms } from '#tests/helpers/app.ts';

/**
 * An invitation counts only after the friend did what a script cannot mint for free: by default a
 * verified phone number no other counted invitee used (docs/product-rules.md#invitations).
 */
const { sms, clock, handle } = useTestAppWithSms();

const EXCHANGE = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';
let ips = 0;

async function verifyPhone(token: string, phone: string) {
  // Each friend on their own network, as real ones are: the per-address SMS limit is not the point here.
  const sent = await handle.app.inject({
    method: 'POST',
    url: API.kycSendCode,
    headers: { [TOKEN_HEADER]: token },
    payload: { phone },
    remoteAddress: `198.51.100.${(ips += 1)}`,
  });
  expect(envelope(sent).code).toBe(1);
  const verified = await postAs(
    handle.app,
    API.kycVerify,
    token,
    { code: sms.value.lastCode(phone) ?? '' },
    { 'idempotency-key': `verify-${phone}-${ips}` },
  );
  expect(envelope(verified).data['state']).toBe('verified');
}

const invites = async (token: string) =>
  envelope(await getAs(handle.app, API.inviteList, token)).data as {
    bound_count: number;
    annual_rate: string;
    rule: string;
    list: { username: string; status: string }[];
  };

describe('invitations', () => {
  it('do not count for throwaway accounts with invented tags on one exchange address', async () => {
    const inviter = await register(handle.app, 'honest-inviter');
    for (let i = 0; i < 16; i++) {
      const friend = await register(handle.app, `throwaway-${i}`, { invite_code: inviter.inviteCode });
      const saved = await postAs(handle.app, API.setAddress, friend.token, {
        walletaddress: EXCHANGE,
        tag: String(900_000 + i),
        password: 'secret12',
      });
      expect(envelope(saved).code).toBe(1);
    }
    const list = await invites(inviter.token);
    expect(list.rule).toBe('phone');
    expect(list.bound_count).toBe(0);
    expect(list.annual_rate).toBe('5');
    expect(new Set(list.list.map((i) => i.status))).toEqual(new Set(['waiting']));
  });

  it('count a verified number once, and follow a deletion or a ban at once', async () => {
    const inviter = await register(handle.app, 'phone-inviter');
    const friends = [];
    for (let i = 0; i < 4; i++) {
      friends.push(await register(handle.app, `phone-friend-${i}`, { invite_code: inviter.inviteCode }));
    }
    const [a, b, c, twin] = friends;
    if (!a || !b || !c || !twin) throw new Error('no friends');
    await verifyPhone(a.token, '+447911200001');
    await verifyPhone(b.token, '+447911200002');
    await verifyPhone(c.token, '+447911200003');
    // The same number on a second invitee (a minute later: one SMS a minute per number): verified for
    // that account, but not counted twice.
    clock.advance(61_000);
    await verifyPhone(twin.token, '+447911200001');
    let list = await invites(inviter.token);
    expect(list.bound_count).toBe(3);
    expect(list.annual_rate).toBe('8');
    expect(list.list.map((i) => i.status)).toEqual(['not_counted', 'counts', 'counts', 'counts']);
    // Mine's figures say the same: four friends invited, three of them counting toward the rate.
    const info = envelope(await getAs(handle.app, API.userInfo, inviter.token)).data['userInfo'];
    expect(info).toMatchObject({ invite_count: 4, counted_invite_count: 3, annual_rate: '8' });

    // The first holder of the number deletes their account: the twin's number now counts for them.
    expect(
      envelope(await postAs(handle.app, API.deleteAccount, a.token, { password: 'secret12' })).code,
    ).toBe(1);
    list = await invites(inviter.token);
    expect(list.bound_count).toBe(3);
    expect(list.list.map((i) => i.status)).toEqual(['counts', 'counts', 'counts', 'not_counted']);

    expect(await accountOperator.ban(handle.database.db, clock, 'phone-friend-1', 'test')).toBeNull();
    list = await invites(inviter.token);
    expect(list.bound_count).toBe(2);
    expect(list.annual_rate).toBe('7');
    expect(await accountOperator.unban(handle.database.db, clock, 'phone-friend-1')).toBeNull();
    expect((await invites(inviter.token)).bound_count).toBe(3);
  });

  it('state the rule in force on the withdraw rules and in public', async () => {
    const { token } = await register(handle.app, 'rule-reader');
    const rules = envelope(await getAs(handle.app, API.withdrawRules, token)).data;
    expect(rules['invite_rule']).toBe('phone');
    const settings = envelope(await getAs(handle.app, API.customSettings, null)).data;
    expect(settings['invite_rule']).toBe('phone');
  });
});
