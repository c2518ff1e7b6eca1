import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xrp } from '#domain/money/amount.ts';
import { systemClock } from '#server/clock.ts';
import { openDatabase, type Database } from '#server/db/database.ts';
import { users, withdrawAddresses } from '#server/db/schema.ts';
import { accountOperator } from '#server/features/account/operator.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { buildTestApp, envelope, login, register } from '#tests/helpers/app.ts';
import { post } from '#tests/helpers/money-fixtures.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  app = await buildTestApp({ database });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const userInfo = (token: string) =>
  app.inject({ url: '/api/account/userInfo', headers: { 'ba-user-token': token } });
async function idOf(username: string) {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.usernameKey, username));
  if (!row) throw new Error('no user');
  return row.id;
}

describe('account controls', () => {
  it('changing the password signs every other device out, and the new password works', async () => {
    const { token } = await register(app, 'changer');
    const other = envelope(await login(app, 'changer', 'secret12')).data['userInfo'] as { token: string };
    const wrong = envelope(
      await post(app, '/api/account/changePassword', token, {
        password: 'nope',
        new_password: 'better12',
        confirm_password: 'better12',
      }),
    );
    expect(wrong.data.error).toBe('account.password_wrong');
    const mismatch = envelope(
      await post(app, '/api/account/changePassword', token, {
        password: 'secret12',
        new_password: 'better12',
        confirm_password: 'better13',
      }),
    );
    expect(mismatch.data.error).toBe('auth.password_mismatch');
    const done = envelope(
      await post(app, '/api/account/changePassword', token, {
        password: 'secret12',
        new_password: 'better12',
        confirm_password: 'better12',
      }),
    );
    expect(done).toMatchObject({ code: 1, data: { signed_out_devices: 1 } });
    expect((await userInfo(token)).statusCode).toBe(200);
    expect((await userInfo(other.token)).statusCode).toBe(401);
    expect(envelope(await login(app, 'changer', 'secret12')).data.error).toBe('auth.invalid_credentials');
    expect(envelope(await login(app, 'changer', 'better12')).code).toBe(1);
  });

  it('deleting the account revokes its sessions, erases personal data and keeps the ledger sums', async () => {
    const { token } = await register(app, 'leaver@example.com');
    const id = await idOf('leaver@example.com');
    await ledger.append(database.db, {
      userId: id,
      kind: 'adjustment',
      amount: xrp(42),
      idempotencyKey: 'seed',
      reference: 'seed',
      createdAt: new Date(),
    });
    await database.db.insert(withdrawAddresses).values({
      userId: id,
      address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
      tag: '991',
      createdAt: new Date(),
    });
    const sumBefore = await ledger.sum(database.db, id);

    expect(envelope(await post(app, '/api/account/delete', token, { password: 'wrong' })).data.error).toBe(
      'account.password_wrong',
    );
    expect(envelope(await post(app, '/api/account/delete', token, { password: 'secret12' }))).toMatchObject({
      code: 1,
    });

    expect((await userInfo(token)).statusCode).toBe(401);
    expect(envelope(await login(app, 'leaver@example.com', 'secret12')).data.error).toBe(
      'auth.invalid_credentials',
    );
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    expect(row?.email).toBeNull();
    expect(row?.username).toMatch(/^deleted-/);
    expect(row?.usernameKey).toMatch(/^deleted-/);
    expect(
      JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
    ).not.toContain('leaver');
    expect(
      await database.db.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, id)),
    ).toEqual([]);
    expect(await ledger.sum(database.db, id)).toBe(sumBefore);
    expect(await ledger.balance(database.db, id)).toBe(sumBefore);
    // The name is free again.
    expect((await register(app, 'leaver@example.com')).token).toBeTruthy();
  });

  it('an operator ban carries its reason to the user and can be lifted', async () => {
    const { token } = await register(app, 'banned');
    expect(await accountOperator.ban(database.db, systemClock, 'banned', '   ')).toMatch(/needs a reason/);
    expect(
      await accountOperator.ban(database.db, systemClock, 'Banned', 'Invited 40 accounts of his own'),
    ).toBeNull();
    expect((await userInfo(token)).statusCode).toBe(401);
    const refused = envelope(await login(app, 'banned', 'secret12'));
    expect(refused.data).toMatchObject({
      error: 'auth.account_locked',
      reason: 'Invited 40 accounts of his own',
    });
    expect(await accountOperator.unban(database.db, systemClock, 'banned')).toBeNull();
    expect(envelope(await login(app, 'banned', 'secret12')).code).toBe(1);
    expect(await accountOperator.unban(database.db, systemClock, 'banned')).toMatch(/no ban/);
  });
});
