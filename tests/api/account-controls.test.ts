import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { xrp } from '#domain/money/amount.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { users, withdrawAddresses } from '#server/db/schema.ts';
import { accountOperator } from '#server/features/account/operator.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { API } from '#contract/paths.ts';
import {
  envelope,
  getAs,
  login,
  postAs,
  register,
  signOutOtherDevice,
  useTestApp,
} from '#tests/helpers/app.ts';
import { credit, post, setTestAddress, userIdOf } from '#tests/helpers/money-fixtures.ts';

// The operator's actions on the tests' time, as the app's own clock is (helpers/test-clock.ts).
const clock = testClock();

const handle = useTestApp();

const userInfo = (token: string) => getAs(handle.app, '/api/account/userInfo', token);
/** How the server refuses a token: its status and catalogue code. */
const refusal = async (token: string) => {
  const answer = await userInfo(token);
  return [answer.statusCode, envelope(answer).data.error];
};

describe('account controls', () => {
  it('changing the password signs every other device out, and the new password works', async () => {
    const { token } = await register(handle.app, 'changer');
    const other = envelope(await login(handle.app, 'changer', 'secret12')).data['userInfo'] as {
      token: string;
    };
    const change = async (password: string, newPassword: string, confirm = newPassword) =>
      envelope(
        await post(handle.app, '/api/account/changePassword', token, {
          password,
          new_password: newPassword,
          confirm_password: confirm,
        }),
      );
    expect((await change('nope', 'better12')).data.error).toBe('account.password_wrong');
    expect((await change('secret12', 'better12', 'better13')).data.error).toBe('auth.password_mismatch');
    const done = await change('secret12', 'better12');
    expect(done).toMatchObject({ code: 1, data: { signed_out_devices: 1 } });
    expect((await userInfo(token)).statusCode).toBe(200);
    expect(await refusal(other.token)).toEqual([401, 'auth.password_changed']);
    expect(envelope(await login(handle.app, 'changer', 'secret12')).data.error).toBe(
      'auth.invalid_credentials',
    );
    expect(envelope(await login(handle.app, 'changer', 'better12')).code).toBe(1);
  });

  it('a device signed out early is told what did it, not that its sign-in expired', async () => {
    const { token } = await register(handle.app, 'toldwhy');
    const signIn = async () =>
      (envelope(await login(handle.app, 'toldwhy', 'secret12')).data['userInfo'] as { token: string }).token;
    // Signed out from the device list of another device.
    const listed = await signIn();
    expect(envelope(await signOutOtherDevice(handle.app, token)).code).toBe(1);
    expect(await refusal(listed)).toEqual([401, 'auth.signed_out_elsewhere']);
    // "Sign out all other devices".
    const everywhere = await signIn();
    expect(envelope(await postAs(handle.app, API.revokeOtherDevices, token, {})).code).toBe(1);
    expect(await refusal(everywhere)).toEqual([401, 'auth.signed_out_elsewhere']);
    // Its own sign-out, and a token no session ever had: nothing more to say than that it ended.
    const own = await signIn();
    expect((await postAs(handle.app, API.logout, own, {})).statusCode).toBe(200);
    expect(await refusal(own)).toEqual([401, 'auth.session_expired']);
    expect(await refusal('not-a-token-of-anyone')).toEqual([401, 'auth.session_expired']);
    // Banned: each device is told its account was locked; the sign-in says why and since when.
    const banned = await signIn();
    expect(await accountOperator.ban(handle.database.db, clock, 'toldwhy', 'Farming invitations')).toBeNull();
    expect(await refusal(banned)).toEqual([401, 'auth.account_banned']);
    expect(await refusal(token)).toEqual([401, 'auth.account_banned']);
    // A session ended earlier for another cause still says that cause.
    expect(await refusal(listed)).toEqual([401, 'auth.signed_out_elsewhere']);
    // Once the ban is lifted, the sessions it ended have nothing more to say: signing in just works.
    expect(await accountOperator.unban(handle.database.db, clock, 'toldwhy')).toBeNull();
    expect(await refusal(banned)).toEqual([401, 'auth.session_expired']);
    expect(envelope(await login(handle.app, 'toldwhy', 'secret12')).code).toBe(1);
  });

  it('deleting the account revokes its sessions, erases personal data and keeps the ledger sums', async () => {
    const { token } = await register(handle.app, 'leaver@example.com');
    const id = await userIdOf(handle.database.db, 'leaver@example.com');
    await credit(handle.database.db, id, xrp(42));
    await setTestAddress(handle.database.db, id, 991);
    const sumBefore = await ledger.sum(handle.database.db, id);
    const elsewhere = (
      envelope(await login(handle.app, 'leaver@example.com', 'secret12')).data['userInfo'] as {
        token: string;
      }
    ).token;

    expect(
      envelope(await post(handle.app, '/api/account/delete', token, { password: 'wrong' })).data.error,
    ).toBe('account.password_wrong');
    expect(
      envelope(await post(handle.app, '/api/account/delete', token, { password: 'secret12' })),
    ).toMatchObject({
      code: 1,
    });

    expect((await userInfo(token)).statusCode).toBe(401);
    // Another device of the account is told what ended its session (its kept actions are dropped).
    expect(await refusal(elsewhere)).toEqual([401, 'auth.account_deleted']);
    expect(envelope(await login(handle.app, 'leaver@example.com', 'secret12')).data.error).toBe(
      'auth.invalid_credentials',
    );
    const [row] = await handle.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.email).toBeNull();
    expect(row?.username).toMatch(/^deleted-/);
    expect(row?.usernameKey).toMatch(/^deleted-/);
    expect(
      JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
    ).not.toContain('leaver');
    expect(
      await handle.database.db.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, id)),
    ).toEqual([]);
    expect(await ledger.sum(handle.database.db, id)).toBe(sumBefore);
    expect(await ledger.balance(handle.database.db, id)).toBe(sumBefore);
    // The name is free again.
    expect((await register(handle.app, 'leaver@example.com')).token).toBeTruthy();
  });

  it('an operator ban carries its reason to the user and can be lifted', async () => {
    const { token } = await register(handle.app, 'banned');
    expect(await accountOperator.ban(handle.database.db, clock, 'banned', '   ')).toMatch(/type a reason/);
    expect(
      await accountOperator.ban(handle.database.db, clock, 'Banned', 'Invited 40 accounts of his own'),
    ).toBeNull();
    expect((await userInfo(token)).statusCode).toBe(401);
    const refused = envelope(await login(handle.app, 'banned', 'secret12'));
    expect(refused.data).toMatchObject({
      error: 'auth.account_locked',
      reason: 'Invited 40 accounts of his own',
    });
    expect(await accountOperator.unban(handle.database.db, clock, 'banned')).toBeNull();
    expect(envelope(await login(handle.app, 'banned', 'secret12')).code).toBe(1);
    expect(await accountOperator.unban(handle.database.db, clock, 'banned')).toMatch(/no ban/);
  });
});
