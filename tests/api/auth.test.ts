import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOptions } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { accountLocks, sessions, users } from '#server/db/schema.ts';
import { buildTestApp, envelope, login, register, useTestApp } from '#tests/helpers/app.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';
import { testNow } from '#tests/helpers/test-clock.ts';

const handle = useTestApp();

function userInfo(token?: string) {
  return handle.app.inject({
    method: 'GET',
    url: '/api/account/userInfo',
    headers: token ? { [TOKEN_HEADER]: token } : {},
  });
}

describe('registration', () => {
  it('accepts a form-urlencoded body and returns the envelope with real user info', async () => {
    const response = await handle.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'tab=register&username=Alice&password=secret12&confirm_password=secret12',
    });
    expect(response.statusCode).toBe(200);
    const body = envelope(response);
    expect(body.code).toBe(1);
    expect(body.data['routePath']).toBe('/home');
    const info = body.data['userInfo'] as Record<string, unknown>;
    expect(info).toMatchObject({
      username: 'Alice',
      email: null,
      balance: '0',
      invite_count: 0,
      counted_invite_count: 0,
      total_tasks: 0,
      annual_rate: '5',
      total_claimed: '0',
      country: null,
    });
    expect(info['invite_code']).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    // 256 random bits, base64url.
    expect(info['token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores an argon2id hash with OWASP parameters and only a hash of the session token', async () => {
    const { token } = await register(handle.app, 'hashcheck');
    const [row] = await handle.database.db.select().from(users).where(eq(users.usernameKey, 'hashcheck'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const params = parseOptions(row?.passwordHash ?? '');
    expect(params.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(params.timeCost).toBeGreaterThanOrEqual(2);
    const stored = await handle.database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.hash)).not.toContain(token);
  });

  it('refuses a taken name, case-insensitively, and says so', async () => {
    await register(handle.app, 'Bobby');
    const response = await handle.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      payload: { tab: 'register', username: 'BOBBY', password: 'secret12', confirm_password: 'secret12' },
    });
    expect(response.statusCode).toBe(409);
    expect(envelope(response)).toMatchObject({
      code: 0,
      msg: 'This username or e-mail is already registered',
      data: { error: 'auth.account_taken' },
    });
  });

  it('takes a name typed on a Turkish keyboard as one account: the dotted and dotless i fold', async () => {
    await register(handle.app, 'IŞIK');
    for (const spelling of ['ışık', 'Işık', 'işik', 'İŞİK']) {
      expect(envelope(await login(handle.app, spelling, 'secret12')).code, spelling).toBe(1);
    }
    const taken = envelope(
      await handle.app.inject({
        method: 'POST',
        url: '/api/user/checkIn',
        payload: { tab: 'register', username: 'ışık', password: 'secret12', confirm_password: 'secret12' },
      }),
    );
    expect(taken.data).toEqual({ error: 'auth.account_taken' });
    // The name is shown as it was registered.
    const token = (
      envelope(await login(handle.app, 'ışık', 'secret12')).data['userInfo'] as { token: string }
    ).token;
    expect(envelope(await userInfo(token)).data['userInfo']).toMatchObject({ username: 'IŞIK' });
  });

  it('gives the catalogue validation messages and changes nothing', async () => {
    const cases = [
      [{ username: '', password: 'x', confirm_password: 'x' }, 'Please fill in all information'],
      [
        { username: 'bad@mail', password: 'secret12', confirm_password: 'secret12' },
        'Please enter a valid email format',
      ],
      [{ username: 'carol', password: 'secret12', confirm_password: 'secret13' }, 'Passwords do not match'],
      [
        { username: 'carol', password: 'abc', confirm_password: 'abc' },
        'Password must be at least 6 characters',
      ],
    ] as const;
    const [before] = await handle.database.db.select({ n: count() }).from(users);
    for (const [fields, message] of cases) {
      const response = await handle.app.inject({
        method: 'POST',
        url: '/api/user/checkIn',
        payload: { tab: 'register', ...fields },
      });
      expect(response.statusCode).toBe(400);
      expect(envelope(response).msg).toBe(message);
    }
    const [after] = await handle.database.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it('records the inviter from an invitation code and refuses unknown codes', async () => {
    const inviter = await register(handle.app, 'inviter');
    await register(handle.app, 'invitee', { invite_code: inviter.inviteCode.toLowerCase() });
    const info = envelope(await userInfo(inviter.token)).data['userInfo'] as { invite_count: number };
    expect(info.invite_count).toBe(1);

    const response = await handle.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      payload: {
        tab: 'register',
        username: 'nobody-invited-me',
        password: 'secret12',
        confirm_password: 'secret12',
        invite_code: 'ZZZZZZZZ',
      },
    });
    expect(envelope(response).data.error).toBe('invite.code_invalid');
  });
});

describe('sign-in and sessions', () => {
  it('signs in by name or e-mail and serves user info for the token', async () => {
    await register(handle.app, 'Dana@Example.com');
    const response = await login(handle.app, 'dana@example.com', 'secret12');
    const body = envelope(response);
    expect(body.code).toBe(1);
    const token = (body.data['userInfo'] as { token: string }).token;
    const info = envelope(await userInfo(token));
    expect(info.data['userInfo']).toMatchObject({ username: 'Dana@Example.com', email: 'dana@example.com' });
  });

  it('gives one message for a wrong password and for an unknown account', async () => {
    await register(handle.app, 'erin');
    const wrong = envelope(await login(handle.app, 'erin', 'not-the-password'));
    const unknown = envelope(await login(handle.app, 'no-such-user', 'whatever1'));
    expect(wrong).toEqual(unknown);
    expect(wrong.msg).toBe('Incorrect username or password');
  });

  it('answers 401 with business code 303 without a token, and "Login expired" after logout', async () => {
    const none = await userInfo();
    expect(none.statusCode).toBe(401);
    expect(envelope(none)).toMatchObject({ code: 303, msg: 'Please log in first' });

    const { token } = await register(handle.app, 'frank');
    expect((await userInfo(token)).statusCode).toBe(200);
    const logout = await handle.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { [TOKEN_HEADER]: token },
    });
    expect(envelope(logout).code).toBe(1);
    const after = await userInfo(token);
    expect(after.statusCode).toBe(401);
    expect(envelope(after)).toMatchObject({ code: 0, msg: 'Login expired, please log in again' });
  });

  it('does not take the browser language for the account language: the app saves the one it shows', async () => {
    // A user who picked العربية in the app, on a browser set to English.
    const registered = await handle.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { tab: 'register', username: 'hala', password: 'secret12', confirm_password: 'secret12' },
    });
    const info = envelope(registered).data['userInfo'] as { token: string; language: unknown };
    expect(info.language).toBeNull();
    // With no language on the account, the app saves the one it shows, and that one stays.
    await handle.app.inject({
      method: 'POST',
      url: '/api/account/setLanguage',
      headers: { [TOKEN_HEADER]: info.token, 'accept-language': 'en' },
      payload: { language: 'ar' },
    });
    const signedIn = await handle.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      headers: { 'accept-language': 'en' },
      payload: { tab: 'login', username: 'hala', password: 'secret12' },
    });
    expect(envelope(signedIn).data['userInfo']).toMatchObject({ language: 'ar' });
  });

  it('keeps the language on the account', async () => {
    const { token } = await register(handle.app, 'gina');
    const saved = await handle.app.inject({
      method: 'POST',
      url: '/api/account/setLanguage',
      headers: { [TOKEN_HEADER]: token },
      payload: { language: 'ar' },
    });
    expect(envelope(saved).code).toBe(1);
    expect(envelope(await userInfo(token)).data['userInfo']).toMatchObject({ language: 'ar' });
    const bad = await handle.app.inject({
      method: 'POST',
      url: '/api/account/setLanguage',
      headers: { [TOKEN_HEADER]: token },
      payload: { language: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('records the first-run welcome once per account: a repeat keeps the first time, other accounts are untouched', async () => {
    const { token } = await register(handle.app, 'wendy');
    const other = await register(handle.app, 'walter');
    expect(envelope(await userInfo(token)).data['userInfo']).toMatchObject({ welcomed_time: null });
    const welcome = () =>
      handle.app.inject({ method: 'POST', url: '/api/account/welcomed', headers: { [TOKEN_HEADER]: token } });
    const first = envelope(await welcome());
    expect(first.code).toBe(1);
    const time = (first.data as { welcomed_time: number }).welcomed_time;
    expect(time).toBeGreaterThan(0);
    expect(envelope(await welcome()).data).toEqual({ welcomed_time: time });
    expect(envelope(await userInfo(token)).data['userInfo']).toMatchObject({ welcomed_time: time });
    expect(envelope(await userInfo(other.token)).data['userInfo']).toMatchObject({ welcomed_time: null });
    const signedOut = await handle.app.inject({ method: 'POST', url: '/api/account/welcomed' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('lockout', () => {
  it('locks after five wrong passwords, records why and when, and refuses even the right password', async () => {
    await register(handle.app, 'henry');
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) messages.push(envelope(await login(handle.app, 'henry', `wrong-${i}`)).msg);
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('Incorrect username or password'));
    expect(messages[5]).toBe('Too many failed login attempts, please try again in 1 day');

    const right = envelope(await login(handle.app, 'henry', 'secret12'));
    expect(right.data.error).toBe('auth.too_many_attempts');
    expect(right.data['until_time']).toBeGreaterThan(testNow().getTime() / 1000 + 23 * 3600);

    // The name is locked for unknown devices; the account itself is not closed (its own devices go on).
    const [user] = await handle.database.db.select().from(users).where(eq(users.usernameKey, 'henry'));
    const locks = await handle.database.db
      .select()
      .from(accountLocks)
      .where(eq(accountLocks.userId, user?.id ?? -1));
    expect(locks).toEqual([]);
  });

  it('locks unknown names the same way, so a lock does not reveal an account', async () => {
    const messages: string[] = [];
    for (let i = 0; i < 6; i++)
      messages.push(envelope(await login(handle.app, 'ghost-account', `wrong-${i}`)).msg);
    expect(messages[5]).toBe('Too many failed login attempts, please try again in 1 day');
  });

  it('keeps the lock across a server restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'earnest-lock-'));
    try {
      let db = await openDatabase({ dataDir: dir });
      let server = await buildTestApp({ database: db });
      await register(server, 'iris');
      for (let i = 0; i < 6; i++) await login(server, 'iris', `wrong-${i}`);
      await server.close();
      await db.close();

      db = await openDatabase({ dataDir: dir });
      server = await buildTestApp({ database: db });
      const body = envelope(await login(server, 'iris', 'secret12'));
      expect(body.msg).toBe('Too many failed login attempts, please try again in 1 day');
      await server.close();
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('rate limit', () => {
  it('limits sign-in attempts per IP before any work is done', async () => {
    const db = await openDatabase({ dataDir: 'memory://' });
    const limited = await buildTestApp({ database: db, env: { CHECKIN_RATE_LIMIT: '3' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(limited, 'someone', 'whatever1')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    const last = envelope(await login(limited, 'someone', 'whatever1'));
    expect(last.data.error).toBe('request.rate_limited');
    await limited.close();
    await db.close();
  });
});
