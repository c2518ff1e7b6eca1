import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPS_API, OPS_TOKEN_HEADER } from '#contract/ops.ts';
import { API, TOKEN_HEADER } from '#contract/paths.ts';
import { can, OPS_IDLE_MS, OPS_SESSION_MS, type OpsPermission } from '#domain/ops/operators.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { operators, operatorSessions, sessions } from '#server/db/schema.ts';
import { accountOperator } from '#server/features/account/operator.ts';
import { hashToken } from '#server/features/auth/tokens.ts';
import { CLI } from '#server/features/ops/ops.service.ts';
import type { Access } from '#server/plugins/session.ts';
import { envelope, getAs, login, postAs, register, useTestApp } from '#tests/helpers/app.ts';
import { TESTIMONIALS_API } from '#contract/testimonials.ts';
import { TRANSPARENCY_API } from '#contract/transparency.ts';
import { USAGE_API } from '#contract/usage.ts';
import { userIdOf } from '#tests/helpers/money-fixtures.ts';
import { createOperatorLink, operatorsService } from '#tests/helpers/operators.ts';

/**
 * The authorization matrix: every route of the app's own route table × every kind of caller. A route
 * added later is protected by default; one that is public or open to newly linked devices must be
 * listed here on purpose, and one whose guard is missing fails below.
 */
const clock = testClock();
const handle = useTestApp({ clock });

/** The only routes anyone may call: signing in, public figures, linking a new device, the push ack. */
const PUBLIC = new Set([
  `POST ${API.checkIn}`,
  `GET ${API.customSettings}`,
  `GET ${API.serverTime}`,
  `GET ${API.xrpRate}`,
  `GET ${API.exchangeWhitelist}`,
  `GET ${API.recentWithdrawals}`,
  `POST ${API.pairingStart}`,
  `POST ${API.pairingState}`,
  `POST ${API.pushAck}`,
  `GET ${API.docs}`,
  `GET ${TRANSPARENCY_API.summary}`,
  `GET ${TRANSPARENCY_API.payouts}`,
  `GET ${TESTIMONIALS_API.list}`,
  `POST ${USAGE_API.count}`,
  `POST ${OPS_API.signIn}`,
  `POST ${OPS_API.setupStart}`,
  `POST ${OPS_API.setupFinish}`,
]);

/** What a device linked less than 24 hours ago may not do: money, security and the account itself. */
const SETTLED_AT_LEAST = new Set([
  `POST ${API.setAddress}`,
  `POST ${API.setWithdrawStatus}`,
  `POST ${API.changePassword}`,
  `POST ${API.deleteAccount}`,
  `POST ${API.kycSendCode}`,
  `POST ${API.kycVerify}`,
  `POST ${API.linkPreview}`,
  `POST ${API.linkApprove}`,
  `POST ${API.revokeDevice}`,
  `POST ${API.revokeOtherDevices}`,
]);

const CALLERS = [
  'no token',
  'garbage',
  'signed out',
  "other user's",
  'revoked device',
  'password changed',
  'banned',
  'deleted',
  'linked < 24 h',
  'operator token',
] as const;
type Caller = (typeof CALLERS)[number];

type Owed =
  'login' | 'expired' | 'elsewhere' | 'new password' | 'banned' | 'deleted' | 'cooldown' | 'through';

/**
 * The answer each class of route owes each caller: 'login' (401, code 303), an ended session (401,
 * saying what ended it: another device, a new password, a ban, a deletion, else 'expired'), 'cooldown'
 * (403) or 'through'.
 */
function expected(access: Access, caller: Caller): Owed {
  if (access === 'public') return 'through';
  if (caller === 'no token') return 'login';
  if (caller === "other user's") return 'through';
  if (caller === 'linked < 24 h') return access === 'settled' ? 'cooldown' : 'through';
  if (caller === 'revoked device') return 'elsewhere';
  if (caller === 'password changed') return 'new password';
  if (caller === 'banned' || caller === 'deleted') return caller;
  return 'expired';
}

/** A session straight in the database: how a token of a closed account would look if one slipped through. */
async function sessionFor(userId: number, linkedAt: Date | null = null) {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await handle.database.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
    linkedAt,
  });
  return token;
}

/** An operator, made as the command line makes one. */
async function operatorId(name: string, role: 'admin' | 'support') {
  await createOperatorLink(handle.database.db, clock, name, role);
  const [row] = await handle.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, name));
  if (!row) throw new Error('no operator');
  return row.id;
}

/** An operator session straight in the database, begun and last used when given. */
async function opsSessionFor(
  id: number,
  times: { createdAt?: Date; lastSeenAt?: Date; revokedAt?: Date | null } = {},
) {
  const createdAt = times.createdAt ?? clock.now();
  const lastSeenAt = times.lastSeenAt ?? createdAt;
  const revokedAt = times.revokedAt ?? null;
  const token = randomBytes(32).toString('base64url');
  await handle.database.db
    .insert(operatorSessions)
    .values({ operatorId: id, tokenHash: hashToken(token), createdAt, lastSeenAt, revokedAt });
  return token;
}

const OPS_CALLERS = [
  'no token',
  'user session',
  'user token as operator token',
  'idle 30 min',
  'older than 8 h',
  'signed out',
  'disabled operator',
  'support',
  'admin',
] as const;
type OpsCaller = (typeof OPS_CALLERS)[number];

/** What an operator route owes each caller: refused to sign in (401), expired (401), forbidden (403) or through. */
function expectedOps(
  permission: OpsPermission,
  caller: OpsCaller,
): 'ops login' | 'ops expired' | 'forbidden' | 'through' {
  if (caller === 'no token' || caller === 'user session') return 'ops login';
  if (caller === 'admin') return 'through';
  if (caller === 'support') return can('support', permission) ? 'through' : 'forbidden';
  return 'ops expired';
}

/** Each refusal's status and error code. */
const REFUSALS = {
  expired: [401, 'auth.session_expired'],
  elsewhere: [401, 'auth.signed_out_elsewhere'],
  'new password': [401, 'auth.password_changed'],
  banned: [401, 'auth.account_banned'],
  deleted: [401, 'auth.account_deleted'],
  cooldown: [403, 'device.link_cooldown'],
  'ops login': [401, 'ops.login_required'],
  'ops expired': [401, 'ops.session_expired'],
  forbidden: [403, 'ops.forbidden'],
} as const;

/** A route's answer: its status, its envelope when it is JSON, and the error code in that. */
function answerOf(response: Parameters<typeof envelope>[0]) {
  const body = response.headers['content-type']?.includes('json') ? envelope(response) : null;
  const error = typeof body?.data === 'object' ? body.data.error : undefined;
  return { status: response.statusCode, body, error };
}

/** Expects the answer to be the refusal named. */
function expectRefusal(
  answer: { status: number; error: unknown },
  where: string,
  refusal: keyof typeof REFUSALS,
) {
  const [status, error] = REFUSALS[refusal];
  expect(answer.status, where).toBe(status);
  expect(answer.error, where).toBe(error);
}

describe('authorization matrix', () => {
  it('lists the public routes and the routes closed to newly linked devices on purpose', () => {
    const table = handle.app.routeTable.filter((route) => route.url.startsWith('/api'));
    const publicRoutes = table.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(new Set(publicRoutes)).toEqual(PUBLIC);
    const settled = new Set(table.filter((r) => r.access === 'settled').map((r) => `${r.method} ${r.url}`));
    for (const route of SETTLED_AT_LEAST) expect(settled, route).toContain(route);
  });

  it('knows the probes outside /api: /healthz and /readyz open, /metrics behind its own token', async () => {
    const outside = handle.app.routeTable.filter((route) => !route.url.startsWith('/api'));
    const guarded = outside.filter((route) => route.access !== 'public');
    expect(guarded.map((r) => `${r.method} ${r.url} ${r.access}`)).toEqual(['GET /metrics metrics']);
    const open = outside.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(open).toEqual(expect.arrayContaining(['GET /healthz', 'GET /readyz']));
    const someone = await register(handle.app, 'matrix-probe');
    for (const token of [null, 'not-a-token', someone.token]) {
      expect((await getAs(handle.app, '/healthz', token)).statusCode).toBe(200);
      expect((await getAs(handle.app, '/readyz', token)).statusCode).toBe(200);
      // Metrics are off in this app: not there for anyone, a user's session included.
      expect((await getAs(handle.app, '/metrics', token)).statusCode).toBe(404);
    }
  });

  it('answers every route × caller as its class requires', async () => {
    const { app, database } = handle;
    // Dead tokens, each made the way a user would make it.
    const signedOut = (await register(app, 'matrix-out')).token;
    await postAs(app, API.logout, signedOut);
    const owner = await register(app, 'matrix-owner');
    const revokedToken = (
      envelope(await login(app, 'matrix-owner', 'secret12')).data['userInfo'] as { token: string }
    ).token;
    const [revokedRow] = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(revokedToken)));
    await postAs(app, API.revokeDevice, owner.token, { id: revokedRow?.id });
    const changer = await register(app, 'matrix-changer');
    const changedOut = (
      envelope(await login(app, 'matrix-changer', 'secret12')).data['userInfo'] as { token: string }
    ).token;
    await postAs(app, API.changePassword, changer.token, {
      password: 'secret12',
      new_password: 'secret34',
      confirm_password: 'secret34',
    });
    // Closed accounts, with a live-looking session each: the gate itself must refuse them.
    await register(app, 'matrix-banned');
    expect(await accountOperator.ban(database.db, clock, 'matrix-banned', 'matrix test')).toBeNull();
    const bannedToken = await sessionFor(await userIdOf(handle.database.db, 'matrix-banned'));
    const deleted = await register(app, 'matrix-deleted');
    const deletedId = await userIdOf(handle.database.db, 'matrix-deleted');
    expect((await postAs(app, API.deleteAccount, deleted.token, { password: 'secret12' })).statusCode).toBe(
      200,
    );
    const deletedToken = await sessionFor(deletedId);
    await register(app, 'matrix-other');
    const otherId = await userIdOf(handle.database.db, 'matrix-other');
    await register(app, 'matrix-linked');
    const linkedId = await userIdOf(handle.database.db, 'matrix-linked');
    const operatorToken = await opsSessionFor(await operatorId('matrix-admin', 'admin'));

    // Operator routes have their own matrix below.
    const table = app.routeTable.filter(
      (route) => route.url.startsWith('/api/') && route.access !== 'operator',
    );
    expect(table.length).toBeGreaterThan(40);
    let checked = 0;
    for (const route of table) {
      // Live sessions are made fresh per route: a route (sign-out, revoke) may end the one it is given.
      const tokens: Record<Caller, string | null> = {
        'no token': null,
        garbage: 'not-a-token',
        'signed out': signedOut,
        "other user's": await sessionFor(otherId),
        'revoked device': revokedToken,
        'password changed': changedOut,
        banned: bannedToken,
        deleted: deletedToken,
        'linked < 24 h': await sessionFor(linkedId, clock.now()),
        // A live operator's token is no key to a user route.
        'operator token': operatorToken,
      };
      for (const caller of CALLERS) {
        const token = tokens[caller];
        const response =
          route.method === 'GET'
            ? await getAs(app, route.url, token)
            : await postAs(app, route.url, token, {});
        const answer = answerOf(response);
        const where = `${route.method} ${route.url} as ${caller} → ${answer.status} ${answer.error ?? ''}`;
        expect(answer.status, where).toBeLessThan(500);
        const owed = expected(route.access, caller);
        if (owed === 'login') {
          expect(answer.status, where).toBe(401);
          expect(answer.body?.code, where).toBe(303);
        } else if (owed === 'through') {
          expect(answer.status, where).not.toBe(401);
          expect(answer.error, where).not.toBe('device.link_cooldown');
        } else {
          expectRefusal(answer, where, owed);
        }
        checked += 1;
      }
    }
    console.log(
      `authorization matrix: ${checked} requests over ${table.length} routes × ${CALLERS.length} callers`,
    );
  });

  it('refuses every operator route to users, to no token, to ended sessions and to a role without its permission', async () => {
    const { app } = handle;
    const user = await register(app, 'matrix-ops-user');
    const adminId = await operatorId('matrix-ops-admin', 'admin');
    const supportId = await operatorId('matrix-ops-support', 'support');
    const disabledId = await operatorId('matrix-ops-gone', 'admin');
    const service = operatorsService(handle.database.db, clock);
    expect((await service.disable(CLI, 'matrix-ops-gone', 'left the team')).ok).toBe(true);

    const table = app.routeTable.filter((route) => route.access === 'operator');
    expect(table.length).toBeGreaterThanOrEqual(3);
    // Every path under /api/ops/ is an operator route but signing in and setting up.
    const opsPaths = app.routeTable.filter((route) => route.url.startsWith('/api/ops/'));
    expect(
      opsPaths
        .filter((route) => route.access !== 'operator')
        .map((route) => route.url)
        .sort(),
    ).toEqual([OPS_API.setupFinish, OPS_API.setupStart, OPS_API.signIn].sort());
    let checked = 0;
    for (const route of table) {
      const now = clock.now();
      // Fresh sessions per route: a route (sign-out) may end the one it is given.
      const headers: Record<OpsCaller, Record<string, string>> = {
        'no token': {},
        'user session': { [TOKEN_HEADER]: user.token },
        'user token as operator token': { [OPS_TOKEN_HEADER]: user.token },
        'idle 30 min': {
          [OPS_TOKEN_HEADER]: await opsSessionFor(adminId, {
            createdAt: new Date(now.getTime() - OPS_IDLE_MS - 60_000),
            lastSeenAt: new Date(now.getTime() - OPS_IDLE_MS - 1000),
          }),
        },
        'older than 8 h': {
          [OPS_TOKEN_HEADER]: await opsSessionFor(adminId, {
            createdAt: new Date(now.getTime() - OPS_SESSION_MS - 1000),
            lastSeenAt: new Date(now.getTime() - 60_000),
          }),
        },
        'signed out': { [OPS_TOKEN_HEADER]: await opsSessionFor(adminId, { revokedAt: now }) },
        'disabled operator': { [OPS_TOKEN_HEADER]: await opsSessionFor(disabledId) },
        support: { [OPS_TOKEN_HEADER]: await opsSessionFor(supportId) },
        admin: { [OPS_TOKEN_HEADER]: await opsSessionFor(adminId) },
      };
      for (const caller of OPS_CALLERS) {
        const response = await app.inject({
          method: route.method as 'GET' | 'POST',
          url: route.url,
          headers: headers[caller],
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        const answer = answerOf(response);
        const where = `${route.method} ${route.url} (${route.permission}) as ${caller} → ${answer.status} ${answer.error ?? ''}`;
        expect(answer.status, where).toBeLessThan(500);
        const owed = expectedOps(route.permission ?? 'read', caller);
        if (owed === 'through') {
          expect(answer.status, where).not.toBe(401);
          expect(answer.status, where).not.toBe(403);
        } else {
          expectRefusal(answer, where, owed);
        }
        checked += 1;
      }
    }
    console.log(
      `operator matrix: ${checked} requests over ${table.length} routes × ${OPS_CALLERS.length} callers`,
    );
  });
});
