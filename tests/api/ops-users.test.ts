import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPS_API } from '#contract/ops.ts';
import { API } from '#contract/paths.ts';
import type { OpsUserDetail, OpsUserSummary } from '#contract/ops-users.ts';
import { xrp } from '#domain/money/amount.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { auditLog, pushTokens, sessions, withdrawAddresses } from '#server/db/schema.ts';
import { envelope, getAs, login, register, useTestApp } from '#tests/helpers/app.ts';
import { credit, userIdOf } from '#tests/helpers/money-fixtures.ts';
import { createOperator, opsRequest, opsToken } from '#tests/helpers/operators.ts';

// The console's users: found by name, e-mail, invite code and address; their records; a ban with a
// reason the user is shown, through the one path that ends every way in; lifted; each audited.
const clock = testClock();
const handle = useTestApp({ clock });
const ADDRESS = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';

describe('users in the console', () => {
  it('finds a user every way, shows their records, bans and unbans them with reasons', async () => {
    const { app, database } = handle;
    const db = database.db;
    const { token: userToken, inviteCode } = await register(app, 'console-user@example.com');
    const id = await userIdOf(db, 'console-user@example.com');
    await credit(db, id, xrp(42), 'console-credit', clock.now());
    await db
      .insert(withdrawAddresses)
      .values({ userId: id, address: ADDRESS, tag: '5151', createdAt: clock.now() });
    const session = (await db.select().from(sessions).where(eq(sessions.userId, id)))[0];
    await db.insert(pushTokens).values({
      userId: id,
      token: 'console-push-token',
      sessionId: session?.id ?? null,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });

    const admin = await createOperator(app, db, clock, 'users.admin');
    const support = await createOperator(app, db, clock, 'users.support', 'support');
    const token = await opsToken(app, admin, clock);
    const supportToken = await opsToken(app, support, clock);
    const search = async (q: string) =>
      (
        envelope(await opsRequest(app, 'GET', `${OPS_API.users}?q=${encodeURIComponent(q)}`, token)).data[
          'list'
        ] as OpsUserSummary[]
      ).map((user) => user.id);
    for (const q of ['console-user', 'CONSOLE-USER@example', inviteCode.toLowerCase(), ADDRESS, String(id)]) {
      expect(await search(q), q).toContain(id);
    }
    expect(await search('nobody-like-this')).toEqual([]);
    // A name typed on another keyboard is found as sign-in finds it.
    await register(app, 'IŞIK-console');
    const isik = await userIdOf(db, 'IŞIK-console');
    for (const q of ['ışık-console', 'Işık', 'İŞİK']) expect(await search(q), q).toContain(isik);
    expect(envelope(await opsRequest(app, 'GET', `${OPS_API.users}?q=`, token)).data.error).toBeTruthy();

    const detail = envelope(await opsRequest(app, 'GET', `${OPS_API.user}?id=${id}`, token))
      .data as unknown as OpsUserDetail;
    expect(detail.user).toMatchObject({
      username: 'console-user@example.com',
      balance: '42',
      address: ADDRESS,
      ban: null,
    });
    expect(detail.ledger_sum).toBe(detail.user.balance);
    expect(detail.ledger.map((entry) => [entry.kind, entry.amount])).toEqual([['adjustment', '42']]);
    expect(envelope(await opsRequest(app, 'GET', `${OPS_API.user}?id=999999`, token)).data.error).toBe(
      'ops.user_not_found',
    );

    // Support may ban; a reason is required; the user sees it on signing in, and every way in ends.
    const ban = (body: object, as = supportToken) => opsRequest(app, 'POST', OPS_API.userBan, as, body);
    expect(envelope(await ban({ user_id: id, reason: '  ' })).data.error).toBe('ops.reason_required');
    const banned = envelope(await ban({ user_id: id, reason: 'Several accounts on one phone' }));
    expect(banned.data['user']).toMatchObject({ ban: { reason: 'Several accounts on one phone' } });
    expect(envelope(await ban({ user_id: id, reason: 'again' })).data.error).toBe('ops.already_banned');
    expect((await getAs(app, API.userInfo, userToken)).statusCode).toBe(401);
    expect(await db.select().from(pushTokens).where(eq(pushTokens.userId, id))).toEqual([]);
    expect(envelope(await login(app, 'console-user@example.com', 'secret12')).data).toMatchObject({
      error: 'auth.account_locked',
      reason: 'Several accounts on one phone',
    });

    const unban = (body: object) => opsRequest(app, 'POST', OPS_API.userUnban, supportToken, body);
    expect(envelope(await unban({ user_id: id, reason: 'Proved the phones are the family’s' })).code).toBe(1);
    expect(envelope(await unban({ user_id: id, reason: 'again' })).data.error).toBe('ops.not_banned');
    expect(envelope(await login(app, 'console-user@example.com', 'secret12')).code).toBe(1);

    const locks = (
      envelope(await opsRequest(app, 'GET', `${OPS_API.user}?id=${id}`, token))
        .data as unknown as OpsUserDetail
    ).locks;
    expect(locks).toMatchObject([{ reason: 'Several accounts on one phone', until_time: null }]);
    expect(locks[0]?.lifted_time).not.toBeNull();

    const audit = (await db.select().from(auditLog)).filter((entry) => entry.targetId === String(id));
    expect(audit).toMatchObject([
      {
        action: 'user.ban',
        actor: 'users.support',
        reason: 'Several accounts on one phone',
        after: { banned: true },
      },
      {
        action: 'user.unban',
        actor: 'users.support',
        reason: 'Proved the phones are the family’s',
        after: { banned: false },
      },
    ]);
  });
});
