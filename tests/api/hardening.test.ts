import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_API, OPS_TOKEN_HEADER } from '#contract/ops.ts';
import { API, REQUEST_ID_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { openDatabase } from '#server/db/database.ts';
import { parseEnv } from '#server/env.ts';
import type { Clock } from '#server/clock.ts';
import { startFakeSms } from '#tests/fakes/fake-sms.ts';
import { buildTestApp, envelope, postAs, register, useStarted, useTestApp } from '#tests/helpers/app.ts';
import { createOperator, opsToken } from '#tests/helpers/operators.ts';
import { inspectInput } from '#server/plugins/input-guard.ts';

/** What an attacker tried from outside: each of these was a 500, a bypass or a leak once. */
describe('configuration that names the site and its proxies', () => {
  /** A production server's settings, complete: the tests below each take one away or change it. */
  const production = {
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://earnest.example',
    SMS_PROVIDER_URL: 'https://sms.example/messages',
    XRPL_URL: 'wss://xrpl.example',
  };

  it('refuses to start in production without its public origin', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN/);
    expect(parseEnv({ ...production, PUBLIC_ORIGIN: 'https://earnest.example/app' }).PUBLIC_ORIGIN).toBe(
      'https://earnest.example',
    );
  });

  it('refuses to start in production without an SMS provider, which phone verification and its bonus need', () => {
    expect(() => parseEnv({ ...production, SMS_PROVIDER_URL: undefined })).toThrow(/SMS_PROVIDER_URL/);
    expect(parseEnv(production).NODE_ENV).toBe('production');
  });

  it('refuses to start in production without a ledger server, which shows the reserve and checks payments recorded by hand', () => {
    expect(() => parseEnv({ ...production, XRPL_URL: undefined })).toThrow(/XRPL_URL/);
    expect(parseEnv(production).XRPL_URL).toBe('wss://xrpl.example');
  });

  it('starts in production from deploy/earnest.env.example once its placeholders are filled in', () => {
    const example = readFileSync(new URL('../../deploy/earnest.env.example', import.meta.url), 'utf8');
    const filled: Record<string, string> = {
      METRICS_TOKEN: 'a'.repeat(32),
      PAYOUT_WALLET_ADDRESS: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
    };
    const settings = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => {
          const [name = '', ...value] = line.split('=');
          return [name, filled[name] ?? value.join('=')];
        }),
    );
    expect(settings['NODE_ENV']).toBe('production');
    expect(parseEnv(settings).XRPL_URL).toBe('wss://xrplcluster.com');
  });

  it('refuses TRUST_PROXY=true, which would believe any client, and takes hops or addresses', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
  });
});

describe('per-address limits behind one proxy', () => {
  const handle = useTestApp({ env: { TRUST_PROXY: '1', CHECKIN_RATE_LIMIT: '5' } });

  /** The statuses of failed sign-ins sent through the proxy, each saying it forwards `forwardedFor(i)`. */
  async function signInsForwarding(count: number, forwardedFor: (i: number) => string) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await handle.app.inject({
        method: 'POST',
        url: API.checkIn,
        payload: {
          tab: 'login',
          username: `nobody${i}`,
          password: 'secret12',
        },
        headers: { 'x-forwarded-for': forwardedFor(i) },
        remoteAddress: '127.0.0.1',
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('count the address the proxy saw, however the client fills X-Forwarded-For', async () => {
    const statuses = await signInsForwarding(8, (i) => `10.9.${i}.${i}, 198.51.100.20`);
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it("count an IPv6 subscriber's /56 as one address, whichever address of it each request comes from", async () => {
    const statuses = await signInsForwarding(7, (i) => `2001:db8:9:${i}::${i + 1}`);
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('input no route can mean', () => {
  const clock = testClock();
  const handle = useTestApp({ clock });

  it('gets a clear message for control characters, in JSON and in forms, and changes nothing', async () => {
    const json = await handle.app.inject({
      method: 'POST',
      url: API.checkIn,
      payload: {
        tab: 'register',
        username: 'nul\u0000byte',
        password: 'secret12',
        confirm_password: 'secret12',
      },
    });
    expect(json.statusCode).toBe(400);
    expect(envelope(json).data.error).toBe('request.control_characters');
    const form = await handle.app.inject({
      method: 'POST',
      url: API.checkIn,
      payload: 'tab=register&username=nul%00byte%40example.com&password=secret12&confirm_password=secret12',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(envelope(form).data.error).toBe('request.control_characters');
    const users = await handle.database.db.execute(`select count(*)::int as n from users` as never);
    expect((users as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('is never kept by a cache: every API answer, signed in or not, says no-store', async () => {
    const { token } = await register(handle.app, 'cache-shy');
    for (const response of [
      await handle.app.inject({ method: 'GET', url: API.userInfo, headers: { [TOKEN_HEADER]: token } }),
      await handle.app.inject({ method: 'GET', url: API.userInfo }),
      await handle.app.inject({ method: 'GET', url: API.serverTime }),
      await handle.app.inject({ method: 'GET', url: '/api/no/such/route' }),
    ]) {
      expect(response.headers['cache-control'], response.raw.req.url).toBe('no-store');
    }
  });

  it("gets the catalogue's answer and its request id for a path that cannot be decoded", async () => {
    for (const url of ['/%E0', '/api/%E0', `${API.checkIn}%FF`]) {
      const response = await handle.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(envelope(response).data.error, url).toBe('request.invalid');
      expect(response.headers[REQUEST_ID_HEADER], url).toMatch(/\S/);
      // Refused before the hooks run, it still carries the headers every other answer has.
      const policy = await handle.app.inject({ method: 'GET', url: API.checkIn });
      for (const header of ['content-security-policy', 'x-content-type-options', 'x-frame-options']) {
        expect(response.headers[header], `${url} ${header}`).toBe(policy.headers[header]);
        expect(response.headers[header], header).toMatch(/\S/);
      }
    }
  });

  it('never answers 500 to nesting thousands deep, on any POST', async () => {
    const { token } = await register(handle.app, 'deep-nester');
    // Operator routes refuse anyone else before reading a body: they get an operator's session.
    const operator = await createOperator(handle.app, handle.database.db, clock, 'deep-admin');
    const opsSession = await opsToken(handle.app, operator, clock);
    const deep = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const posts = handle.app.routeTable.filter((route) => route.method === 'POST');
    expect(posts.length).toBeGreaterThan(25);
    for (const route of posts) {
      expect(route.hasBodySchema, `${route.url} has no body schema`).toBe(true);
      const response = await handle.app.inject({
        method: 'POST',
        url: route.url,
        payload: deep,
        headers: {
          'content-type': 'application/json',
          [TOKEN_HEADER]: token,
          [OPS_TOKEN_HEADER]: opsSession,
          'idempotency-key': `deep-${route.url}`,
        },
      });
      expect(response.statusCode, route.url).toBe(400);
    }
  });
});

describe('input that is not what it looks like', () => {
  const clock = testClock();
  const handle = useTestApp({ clock });

  it('gets the control-character message for half a surrogate pair or a C1 control, on every POST', async () => {
    const { token } = await register(handle.app, 'surrogate-sender');
    const operator = await createOperator(handle.app, handle.database.db, clock, 'surrogate-admin');
    const opsSession = await opsToken(handle.app, operator, clock);
    const posts = handle.app.routeTable.filter((route) => route.method === 'POST');
    for (const [index, text] of ['reason \ud800', 'name \udfff end', 'ok \u0085'].entries()) {
      for (const route of posts) {
        const response = await handle.app.inject({
          method: 'POST',
          url: route.url,
          // Written out as JSON escapes, as a client would send them.
          payload: `{"reason":${JSON.stringify(text)},"account":${JSON.stringify(text)}}`,
          headers: {
            'content-type': 'application/json',
            [TOKEN_HEADER]: token,
            [OPS_TOKEN_HEADER]: opsSession,
            'idempotency-key': `surrogate-${index}-${route.url}`,
          },
        });
        expect(response.statusCode, `${route.url} ${JSON.stringify(text)}`).toBe(400);
        expect(envelope(response).data.error, route.url).toBe('request.control_characters');
      }
    }
    // A whole pair is a character like any other.
    expect(inspectInput({ text: 'ok \u{1F600}', ['\u{1F600}']: 1 })).toBeNull();
  });

  it('refuses a push token too long for its unique index, or not ASCII, without a 500', async () => {
    const { token } = await register(handle.app, 'long-token');
    const random = Array.from(
      { length: 2800 },
      (_, i) => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'[(i * 7919) % 64],
    ).join('');
    for (const fcmtoken of [`${random.slice(0, 20)}:${random}`, `token-${'é'.repeat(900)}`]) {
      for (const url of [API.saveFcmToken, API.pushTest]) {
        const response = await postAs(handle.app, url, token, { fcmtoken });
        expect(response.statusCode, url).toBe(400);
        expect(envelope(response).data.error, url).toBe('request.invalid');
      }
    }
  });

  it('reads an id only from a number or its digits: true, [2], "0x3", " 4", "5e0" and "" ban no one', async () => {
    const operator = await createOperator(handle.app, handle.database.db, clock, 'id-admin');
    const opsSession = await opsToken(handle.app, operator, clock);
    const victims = [];
    for (let i = 0; i < 3; i++) victims.push(await register(handle.app, `id-victim-${i}`));
    const ban = (userId: unknown) =>
      handle.app.inject({
        method: 'POST',
        url: OPS_API.userBan,
        payload: { user_id: userId, reason: 'test' },
        headers: { [OPS_TOKEN_HEADER]: opsSession },
      });
    for (const userId of [true, [2], '0x3', ' 4', '5e0', '', null]) {
      const response = await ban(userId);
      expect(response.statusCode, JSON.stringify(userId)).toBe(400);
    }
    const banned = await handle.database.db.execute(`select count(*)::int as n from account_locks` as never);
    expect((banned as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

describe('requests another site makes a browser send', () => {
  const handle = useTestApp();
  const register = (username: string, headers: Record<string, string>) =>
    handle.app.inject({
      method: 'POST',
      url: API.checkIn,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'earnest.example', ...headers },
      payload: `tab=register&username=${username}&password=secret12&confirm_password=secret12`,
    });

  it('are refused when they would change something, and change nothing', async () => {
    const refusals: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      // A browser too old for Sec-Fetch-Site still says where the page was.
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const [i, headers] of refusals.entries()) {
      const response = await register(`cross-site-${i}`, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(envelope(response).data.error).toBe('request.cross_site');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const login = await handle.app.inject({
        method: 'POST',
        url: API.checkIn,
        payload: { tab: 'login', username: `cross-site-${i}`, password: 'secret12' },
      });
      expect(envelope(login).code, 'no account was made').toBe(0);
    }
  });

  it("are served when the browser sent them from this site's pages, or no browser sent them", async () => {
    const accepted: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      // Typed into the address bar, or a bookmark.
      { 'sec-fetch-site': 'none' },
      { origin: 'https://earnest.example' },
      {},
    ];
    for (const [i, headers] of accepted.entries()) {
      expect(envelope(await register(`same-site-${i}`, headers)).code, JSON.stringify(headers)).toBe(1);
    }
    // Reading is not changing: a cross-site GET is answered.
    const read = await handle.app.inject({
      url: API.serverTime,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('requests HTTP itself cannot read', () => {
  const handle = useTestApp();

  it("get the catalogue's envelope, a request id and the security headers, and the connection closes", async () => {
    const address = await handle.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const [request, status, error] of [
      ['GARBAGE\r\n\r\n', 400, 'request.invalid'],
      [
        'GET /api/other/serverTime HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
        400,
        'request.invalid',
      ],
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'request.too_large'],
    ] as const) {
      const answer = await raw(request);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0], request.slice(0, 20)).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
      expect(JSON.parse(body)).toMatchObject({ code: 0, data: { error } });
      expect(head.toLowerCase()).toContain(`${REQUEST_ID_HEADER}: `);
      expect(head.toLowerCase()).toContain('content-security-policy: ');
    }
  });
});

describe('logs', () => {
  /** The app on a database of its own, its log lines kept in `lines`. */
  async function loggedApp(env: Record<string, string>, clock?: Clock) {
    const database = await openDatabase({ dataDir: 'memory://' });
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const app = await buildTestApp({ database, env, logStream: stream, ...(clock ? { clock } : {}) });
    return { database, app, lines };
  }

  const fakeSms = useStarted(startFakeSms);

  it('hold no password, hash, token, code, phone number or address, even when a query fails', async () => {
    // The database is closed half-way by the test itself, so that a query fails.
    const { database, app, lines } = await loggedApp({
      LOG_LEVEL: 'trace',
      SMS_PROVIDER_URL: fakeSms.value.url,
      PUBLIC_ORIGIN: 'https://earnest.example',
    });
    const password = 'Very-Secret-Passw0rd';
    const phone = '+447911123459';
    const address = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';
    const registered = await app.inject({
      method: 'POST',
      url: API.checkIn,
      payload: { tab: 'register', username: 'logged-person', password, confirm_password: password },
    });
    const token = (envelope(registered).data['userInfo'] as { token: string }).token;
    await postAs(app, API.kycSendCode, token, { phone });
    const code = fakeSms.value.lastCode(phone) ?? '';
    await postAs(app, API.kycVerify, token, { code }, { 'idempotency-key': 'log-kyc' });
    await postAs(app, API.setAddress, token, {
      walletaddress: address,
      tag: '4242',
      password: `${password}2`,
    });
    await postAs(app, API.changePassword, token, {
      password,
      new_password: `${password}2`,
      confirm_password: `${password}2`,
    });
    // A failing query: the database is gone while a new account (and its password hash) is inserted.
    await database.close();
    const failed = await app.inject({
      method: 'POST',
      url: API.checkIn,
      payload: { tab: 'register', username: 'after-close', password, confirm_password: password },
    });
    expect(failed.statusCode).toBe(500);
    await app.close();
    await new Promise((resolve) => setImmediate(resolve));

    const log = lines.join('\n');
    expect(log).toContain('request failed');
    for (const secret of [password, '$argon2', token, code, phone, phone.slice(1), address]) {
      expect(log, `the log holds ${secret}`).not.toContain(secret);
    }
  });

  it("hold no value an operator searched for: a request's query keeps its names only", async () => {
    const clock = testClock();
    const { database, app, lines } = await loggedApp({ LOG_LEVEL: 'info' }, clock);
    const operator = await createOperator(app, database.db, clock, 'log-searcher');
    const token = await opsToken(app, operator, clock);
    const search = () =>
      app.inject({
        method: 'GET',
        url: `${OPS_API.users}?q=${encodeURIComponent('victim.person@example.com')}`,
        headers: { [OPS_TOKEN_HEADER]: token },
      });
    expect((await search()).statusCode).toBe(200);
    // A search that fails is logged with its address too.
    await database.close();
    expect((await search()).statusCode).toBe(500);
    await app.close();

    const log = lines.join('\n');
    expect(log).toContain('request failed');
    expect(log).toContain(`${OPS_API.users}?q=[redacted]`);
    for (const value of ['victim.person', 'example.com', 'victim.person%40example.com']) {
      expect(log, `the log holds ${value}`).not.toContain(value);
    }
  });

  it('carry the request id the app sent, echoed in the answer; an unusable one is replaced', async () => {
    const { database, app, lines } = await loggedApp({ LOG_LEVEL: 'info' });
    const sent = 'b6f1c0de-5a7e-4c1b-9d2e-0123456789ab';
    const answered = await app.inject({
      method: 'POST',
      url: API.checkIn,
      payload: { tab: 'login', username: 'nobody-here', password: 'secret12' },
      headers: { [REQUEST_ID_HEADER]: sent },
    });
    expect(answered.headers[REQUEST_ID_HEADER]).toBe(sent);
    const hostile = await app.inject({
      method: 'GET',
      url: API.serverTime,
      headers: { [REQUEST_ID_HEADER]: `x" injected\\n${'y'.repeat(100)}` },
    });
    const replaced = String(hostile.headers[REQUEST_ID_HEADER]);
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    const none = await app.inject({ method: 'GET', url: '/no/such/page/at/all' });
    expect(String(none.headers[REQUEST_ID_HEADER])).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
    await database.close();

    // Structured lines: the request's own lines name the id it came with.
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(parsed.filter((line) => line.reqId === sent).map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    expect(parsed.some((line) => line.reqId === replaced)).toBe(true);
    expect(lines.join('\n')).not.toContain('injected');
  });
});

describe('source maps', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'earnest-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Earnest</title>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'app-1.js.map'), '{"version":3,"sources":["src/app/main.tsx"]}');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  for (const [mode, expected] of [
    ['development', 200],
    ['production', 404],
  ] as const) {
    it(`are ${expected === 200 ? 'served' : 'not served'} in ${mode}`, async () => {
      const database = await openDatabase({ dataDir: 'memory://' });
      const app = await buildTestApp({
        database,
        env: {
          NODE_ENV: mode,
          DIST_DIR: dist,
          PUBLIC_ORIGIN: 'https://earnest.example',
          SMS_PROVIDER_URL: 'https://sms.example/messages',
          // Nothing listens there, and nothing here asks the ledger.
          XRPL_URL: 'ws://127.0.0.1:9',
        },
      });
      expect((await app.inject({ url: '/assets/app-1.js' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/assets/app-1.js.map' })).statusCode).toBe(expected);
      await app.close();
      await database.close();
    });
  }
});
