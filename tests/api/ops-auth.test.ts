import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPS_API, OPS_TOKEN_HEADER } from '#contract/ops.ts';
import { API, TOKEN_HEADER } from '#contract/paths.ts';
import { OPS_IDLE_MS, OPS_SESSION_MS, OPS_SETUP_LINK_MS } from '#domain/ops/operators.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { CLI } from '#server/features/ops/ops.service.ts';
import { accountActions } from '#server/features/account/operator.ts';
import { accounts } from '#server/features/auth/auth.service.ts';
import { seedUsers } from '#tests/helpers/money-fixtures.ts';
import { auditLog, rateWindows } from '#server/db/schema.ts';
import { buildTestApp, envelope, register, useTestApp } from '#tests/helpers/app.ts';
import {
  createOperator,
  createOperatorLink,
  OPERATOR_PASSWORD,
  opsRequest,
  opsSignIn,
  opsToken,
  consoleActorOf,
  operatorsService,
} from '#tests/helpers/operators.ts';
import { totpCodeAt } from '#tests/helpers/totp.ts';

const clock = testClock();
const handle = useTestApp({ clock });

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { data: { error?: string } }).data.error;

describe('setting an operator up', () => {
  it('shows the secret once per link, refuses a wrong code or a short password, and works once', async () => {
    const { app, database } = handle;
    const token = await createOperatorLink(database.db, clock, 'Setup.Admin', 'admin');
    const start = envelope(await app.inject({ method: 'POST', url: OPS_API.setupStart, payload: { token } }));
    expect(start.code).toBe(1);
    const { secret, uri, operator } = start.data as { secret: string; uri: string; operator: object };
    expect(operator).toEqual({ name: 'setup.admin', role: 'admin' });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*setup\.admin\?.*secret=[A-Z2-7]{32}/);

    const finish = (body: object) =>
      app.inject({ method: 'POST', url: OPS_API.setupFinish, payload: { token, ...body } });
    const good = {
      password: OPERATOR_PASSWORD,
      confirm_password: OPERATOR_PASSWORD,
      code: totpCodeAt(secret, clock.now()),
    };
    expect(errorOf(await finish({ ...good, code: '000000' === good.code ? '111111' : '000000' }))).toBe(
      'ops.code_invalid',
    );
    expect(errorOf(await finish({ ...good, password: 'short', confirm_password: 'short' }))).toBe(
      'ops.password_too_short',
    );
    expect(errorOf(await finish({ ...good, confirm_password: `${OPERATOR_PASSWORD}!` }))).toBe(
      'ops.password_mismatch',
    );
    expect((await finish(good)).statusCode).toBe(200);
    // Used: the link and its page are dead.
    expect(errorOf(await finish(good))).toBe('ops.setup_link_invalid');
    expect(errorOf(await app.inject({ method: 'POST', url: OPS_API.setupStart, payload: { token } }))).toBe(
      'ops.setup_link_invalid',
    );
  });

  it('expires an unused link', async () => {
    const { app, database } = handle;
    const token = await createOperatorLink(database.db, clock, 'late-admin', 'admin');
    clock.advance(OPS_SETUP_LINK_MS + 1000);
    expect(errorOf(await app.inject({ method: 'POST', url: OPS_API.setupStart, payload: { token } }))).toBe(
      'ops.setup_link_invalid',
    );
  });
});

describe('signing in', () => {
  it('needs the password and a current code, and never accepts a code twice', async () => {
    const { app, database } = handle;
    const operator = await createOperator(app, database.db, clock, 'sign-in-admin');
    clock.advance(30_000);
    const now = clock.now();
    const code = totpCodeAt(operator.secret, now);

    expect(errorOf(await opsSignIn(app, { ...operator, password: 'wrong password!' }, now, code))).toBe(
      'ops.sign_in_failed',
    );
    expect(errorOf(await opsSignIn(app, operator, now, code === '123456' ? '654321' : '123456'))).toBe(
      'ops.sign_in_failed',
    );
    const first = envelope(await opsSignIn(app, operator, now, code));
    expect(first.code).toBe(1);
    expect(first.data).toMatchObject({
      operator: { name: 'sign-in-admin', role: 'admin' },
      idle_minutes: 30,
    });

    // The same code again, in its own window, with the right password: refused.
    expect(errorOf(await opsSignIn(app, operator, now, code))).toBe('ops.sign_in_failed');
    // A code from the step before it, still inside the drift window: refused too.
    expect(
      errorOf(await opsSignIn(app, operator, now, totpCodeAt(operator.secret, now.getTime() - 30_000))),
    ).toBe('ops.sign_in_failed');
    // The next step's code is new: accepted.
    expect(envelope(await opsSignIn(app, operator, now)).code).toBe(1);
  });

  it('answers the same for an unknown name, and for an operator not set up yet', async () => {
    const { app, database } = handle;
    await createOperatorLink(database.db, clock, 'not-set-up', 'admin');
    const fake = {
      name: 'nobody-here',
      role: 'admin' as const,
      password: OPERATOR_PASSWORD,
      secret: 'JBSWY3DPEHPK3PXP',
    };
    expect(errorOf(await opsSignIn(app, fake, clock.now()))).toBe('ops.sign_in_failed');
    expect(errorOf(await opsSignIn(app, { ...fake, name: 'not-set-up' }, clock.now()))).toBe(
      'ops.sign_in_failed',
    );
  });
});

describe('console sessions', () => {
  it('end after 30 minutes without a request, and 8 hours after sign-in however busy', async () => {
    const { app, database } = handle;
    const operator = await createOperator(app, database.db, clock, 'session-admin');
    const idle = await opsToken(app, operator, clock);
    clock.advance(OPS_IDLE_MS - 60_000);
    expect((await opsRequest(app, 'GET', OPS_API.me, idle)).statusCode).toBe(200);
    clock.advance(OPS_IDLE_MS + 1000);
    expect(errorOf(await opsRequest(app, 'GET', OPS_API.me, idle))).toBe('ops.session_expired');

    const busy = await opsToken(app, operator, clock);
    for (let spent = 0; spent < OPS_SESSION_MS - 20 * 60_000; spent += 20 * 60_000) {
      clock.advance(20 * 60_000);
      expect((await opsRequest(app, 'GET', OPS_API.me, busy)).statusCode).toBe(200);
    }
    clock.advance(25 * 60_000);
    const ended = await opsRequest(app, 'GET', OPS_API.me, busy);
    expect(ended.statusCode).toBe(401);
    expect(errorOf(ended)).toBe('ops.session_expired');
  });

  it('end when the operator signs out', async () => {
    const { app, database } = handle;
    const operator = await createOperator(app, database.db, clock, 'leaving-admin');
    const token = await opsToken(app, operator, clock);
    expect((await opsRequest(app, 'POST', OPS_API.signOut, token)).statusCode).toBe(200);
    expect(errorOf(await opsRequest(app, 'GET', OPS_API.me, token))).toBe('ops.session_expired');
  });

  it('end at a reset, with the old password, the old second factor and any earlier set-up link', async () => {
    const { app, database } = handle;
    const operator = await createOperator(app, database.db, clock, 'phone-lost-admin');
    const token = await opsToken(app, operator, clock);
    const service = operatorsService(database.db, clock);
    const first = await service.reset(CLI, operator.name, 'lost phone');
    const second = await service.reset(CLI, operator.name, 'the first link went to the wrong inbox');
    if (!first.ok || !second.ok) throw new Error('reset failed');
    expect(errorOf(await opsRequest(app, 'GET', OPS_API.me, token))).toBe('ops.session_expired');
    clock.advance(30_000);
    expect(errorOf(await opsSignIn(app, operator, clock.now()))).toBe('ops.sign_in_failed');
    const start = (link: string) =>
      app.inject({ method: 'POST', url: OPS_API.setupStart, payload: { token: link } });
    expect(errorOf(await start(first.value.token))).toBe('ops.setup_link_invalid');
    const fresh = envelope(await start(second.value.token)).data as { secret: string };
    expect(fresh.secret).not.toBe(operator.secret);
  });

  it('are not user sessions, and user sessions are not operator sessions', async () => {
    const { app, database } = handle;
    const user = await register(app, 'ops-curious-user');
    const operator = await createOperator(app, database.db, clock, 'apart-admin');
    const token = await opsToken(app, operator, clock);
    const asUser = await app.inject({
      method: 'GET',
      url: OPS_API.me,
      headers: { [TOKEN_HEADER]: user.token },
    });
    expect(asUser.statusCode).toBe(401);
    expect(errorOf(asUser)).toBe('ops.login_required');
    const userTokenAsOps = await app.inject({
      method: 'GET',
      url: OPS_API.me,
      headers: { [OPS_TOKEN_HEADER]: user.token },
    });
    expect(errorOf(userTokenAsOps)).toBe('ops.session_expired');
    const opsTokenAsUser = await app.inject({
      method: 'GET',
      url: API.userInfo,
      headers: { [TOKEN_HEADER]: token },
    });
    expect(errorOf(opsTokenAsUser)).toBe('auth.session_expired');
  });
});

describe('sign-in limits', () => {
  it('refuse a name after 10 tries in 15 minutes, in every server process, unless the code is current', async () => {
    const { app, database } = handle;
    const operator = await createOperator(app, database.db, clock, 'guessed-admin');
    clock.advance(15 * 60_000);
    for (let i = 0; i < 10; i++) {
      const response = await opsSignIn(app, { ...operator, password: `wrong password ${i}` }, clock.now());
      expect(errorOf(response)).toBe('ops.sign_in_failed');
    }
    // A second server process on the same database counts the same tries: they live in PostgreSQL.
    const other = await buildTestApp({ database: database, clock });
    try {
      // The right password without the current code (one from two minutes ago).
      const stale = await opsSignIn(other, operator, new Date(clock.now().getTime() - 120_000));
      expect(stale.statusCode).toBe(429);
      expect(errorOf(stale)).toBe('ops.too_many_attempts');
      // A stranger guessing passwords cannot keep the owner out: the current code gets the owner in.
      expect(envelope(await opsSignIn(other, operator, clock.now())).code).toBe(1);
      // And a current code does not make a wrong password right.
      clock.advance(30_000);
      const guessed = await opsSignIn(other, { ...operator, password: 'another guess' }, clock.now());
      expect(errorOf(guessed)).toBe('ops.sign_in_failed');
    } finally {
      await other.close();
    }
    const counters = await database.db
      .select()
      .from(rateWindows)
      .where(like(rateWindows.key, 'ops-sign-in-name:%'));
    expect(counters.some((row) => row.hits >= 11)).toBe(true);
    // The window passes: the owner gets in on the code of a later step.
    clock.advance(15 * 60_000);
    expect(envelope(await opsSignIn(app, operator, clock.now())).code).toBe(1);
  });

  it('refuse an address after 20 tries in 15 minutes, whatever names it tries', async () => {
    const { app } = handle;
    clock.advance(15 * 60_000);
    const fake = { role: 'admin' as const, password: 'nothing at all', secret: 'JBSWY3DPEHPK3PXP' };
    for (let i = 0; i < 20; i++) {
      expect(errorOf(await opsSignIn(app, { ...fake, name: `guess-${i}` }, clock.now()))).toBe(
        'ops.sign_in_failed',
      );
    }
    expect(errorOf(await opsSignIn(app, { ...fake, name: 'guess-last' }, clock.now()))).toBe(
      'ops.too_many_attempts',
    );
  });
});

describe('the audit log', () => {
  it('lists set-up, sign-in and sign-out, newest first, filtered by action and actor', async () => {
    const { app, database } = handle;
    clock.advance(15 * 60_000);
    const operator = await createOperator(app, database.db, clock, 'audited-admin');
    const token = await opsToken(app, operator, clock);
    const list = async (query: string, as = token) =>
      (
        envelope(await opsRequest(app, 'GET', `${OPS_API.audit}?${query}`, as)).data as {
          list: { action: string; actor: string; via: string; target_id: string | null }[];
        }
      ).list;
    const mine = await list('actor=audited-admin');
    expect(mine.map((entry) => entry.action)).toEqual(['operator.sign_in', 'operator.setup']);
    const created = await list('action=operator.create&target_id=audited-admin');
    expect(created).toEqual([
      expect.objectContaining({ actor: 'cli', via: 'cli', target_id: 'audited-admin' }),
    ]);
    await opsRequest(app, 'POST', OPS_API.signOut, token);
    const again = await opsToken(app, operator, clock);
    expect((await list('actor=audited-admin', again)).map((entry) => entry.action)).toEqual([
      'operator.sign_in',
      'operator.sign_out',
      'operator.sign_in',
      'operator.setup',
    ]);
    // A time no date can hold is a bad request, never an error of the server.
    const far = await opsRequest(app, 'GET', `${OPS_API.audit}?from_time=${Number.MAX_SAFE_INTEGER}`, again);
    expect(far.statusCode).toBe(400);
  });
});

describe('the access gate', () => {
  it('refuses to register an operator path open to users, or an operator route elsewhere', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAccessGate } = await import('#server/plugins/session.ts');
    const app = Fastify();
    const never = () => {
      throw new Error('not called');
    };
    registerAccessGate(app, { authenticate: never } as never, { authenticate: never }, clock, null);
    expect(() => app.get('/api/ops/leak', { config: { access: 'user' } }, async () => 'x')).toThrow(
      /operator path/,
    );
    expect(() => app.get('/api/other/ops', { config: { access: 'operator' } }, async () => 'x')).toThrow(
      /operator routes live under/,
    );
    // Declaring nothing under /api/ops/ is declaring an operator route.
    app.get('/api/ops/quiet', async () => 'x');
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/ops/quiet' })).statusCode).toBe(401);
    await app.close();
  });
});

describe('an operator stopped while a request of theirs runs', () => {
  it('acts while the session is live; once disabled, the request already past the gate changes nothing', async () => {
    const { app, database } = handle;
    const db = database.db;
    const operator = await createOperator(app, db, clock, 'midway.support', 'support');
    await opsToken(app, operator, clock);
    // What the gate let through: this operator, with this session.
    const actor = await consoleActorOf(db, 'midway.support');
    const [first, second] = await seedUsers(db, 2, 'midway');
    if (!first || !second) throw new Error('no users');
    expect(await accountActions.ban(db, clock, actor, first.id, 'spam')).toMatchObject({ ok: true });

    expect(await operatorsService(db, clock).disable(CLI, 'midway.support', 'left the team')).toMatchObject({
      ok: true,
    });
    await expect(accountActions.ban(db, clock, actor, second.id, 'spam')).rejects.toMatchObject({
      error: 'ops.session_expired',
    });
    const bans = await db.select().from(auditLog).where(eq(auditLog.action, 'user.ban'));
    expect(bans.map((entry) => entry.targetId)).toEqual([String(first.id)]);
    expect(await accounts.closedReason(db, second.id, clock.now())).toBeNull();
  });
});
