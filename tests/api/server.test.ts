import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { buildTestApp, envelope, register, useTestApp } from '#tests/helpers/app.ts';

const handle = useTestApp({ env: { BODY_LIMIT: '4096' } });

describe('the server', () => {
  it('sends a strict Content Security Policy and the other security headers, on every answer', async () => {
    // A page, an answer, an address that is not there and a refused session alike.
    for (const url of ['/', '/api/other/serverTime', '/api/no-such-route', '/api/account/userInfo']) {
      const response = await handle.app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      // Only behind TLS (production): here, plain http.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets media come only from the operator ad video origin besides its own', async () => {
    const withVideo = await buildTestApp({
      database: handle.database,
      env: { AD_VIDEO_URL: 'https://cdn.example.org/ads/house.mp4' },
    });
    const csp = String((await withVideo.inject({ url: '/' })).headers['content-security-policy']);
    await withVideo.close();
    expect(csp).toContain("media-src 'self' https://cdn.example.org");
    expect(csp).toContain("script-src 'self'");
  });

  it('serves the app for deep links and a 404 envelope for unknown API paths and files', async () => {
    const page = await handle.app.inject({ url: '/home/mine', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await handle.app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(envelope(api)).toMatchObject({ code: 0, data: { error: 'request.not_found' } });
    expect((await handle.app.inject({ url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });

  it('describes its API in OpenAPI at /api/docs', async () => {
    const response = await handle.app.inject({ url: '/api/docs' });
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/checkIn', '/api/user/logout', '/api/account/userInfo']),
    );
  });

  it('publishes figures computed from configuration and the database', async () => {
    const body = envelope(await handle.app.inject({ url: '/api/other/getCustomSettings' }));
    const [row] = await handle.database.db.select({ n: count() }).from(users);
    expect(body.data).toMatchObject({
      tasks_per_day: 10,
      gift_amount: '30',
      min_withdrawal: '100',
      waiting_days: 30,
    });
    // Below LANDING_USERS_MIN (100 by default) the count is not published at all.
    expect(row?.n).toBeLessThan(100);
    expect(body.data['stats']).toEqual({ users: null });
  });

  it('publishes the count of accounts, as counted, from LANDING_USERS_MIN on', async () => {
    const app = await buildTestApp({ database: handle.database, env: { LANDING_USERS_MIN: '1' } });
    try {
      await register(app, 'countme');
      const body = envelope(await app.inject({ url: '/api/other/getCustomSettings' }));
      const [row] = await handle.database.db.select({ n: count() }).from(users);
      expect(row?.n).toBeGreaterThanOrEqual(1);
      expect(body.data['stats']).toEqual({ users: row?.n });
    } finally {
      await app.close();
    }
  });

  it('refuses an oversized body with a catalogue message', async () => {
    const response = await handle.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      payload: { tab: 'login', username: 'x', password: 'y'.repeat(10_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(envelope(response).data.error).toBe('request.too_large');
  });
});

// Requests that can never be a valid registration or sign-in, by construction.
const text = fc.string({ maxLength: 40 });
const notAString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 2 }),
);
const badTab = text.filter((t) => t !== 'login' && t !== 'register');

const malformedRequest: fc.Arbitrary<InjectOptions> = fc.oneof(
  // Not JSON at all, declared as JSON.
  text.map((body) => ({ payload: `{${body}`, headers: { 'content-type': 'application/json' } })),
  // Unknown tab.
  fc.record({ tab: badTab, username: text, password: text }).map((payload) => ({ payload })),
  // Fields of the wrong type.
  fc
    .record({ tab: fc.constantFrom('login', 'register'), username: notAString, password: text })
    .map((payload) => ({ payload })),
  // Passwords that do not match.
  fc
    .tuple(text, fc.string({ minLength: 6, maxLength: 20 }), fc.string({ minLength: 6, maxLength: 20 }))
    .filter(([, a, b]) => a !== b)
    .map(([username, password, confirm]) => ({
      payload: { tab: 'register', username, password, confirm_password: confirm },
    })),
  // Too short.
  fc.tuple(text, fc.string({ maxLength: 5 })).map(([username, password]) => ({
    payload: { tab: 'register', username, password, confirm_password: password },
  })),
  // Repeated form fields, which a form parser turns into arrays.
  fc.tuple(text, text).map(([a, b]) => ({
    payload: `tab=register&username=${encodeURIComponent(a)}&username=${encodeURIComponent(b)}&password=secret12&confirm_password=secret12`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })),
  // A content type the API does not read.
  text.map((body) => ({ payload: body, headers: { 'content-type': 'text/plain' } })),
  // Nothing at all.
  fc.constant({ payload: '', headers: { 'content-type': 'application/json' } }),
  // A JSON value that is not an object.
  fc.oneof(fc.integer(), fc.array(text), fc.constant(null)).map((v) => ({
    payload: JSON.stringify(v),
    headers: { 'content-type': 'application/json' },
  })),
);

describe('malformed sign-in requests', () => {
  it('never get a 5xx and never create a user (1,000 generated requests)', async () => {
    const [before] = await handle.database.db.select({ n: count() }).from(users);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(malformedRequest, async (request) => {
        const response = await handle.app.inject({ method: 'POST', url: '/api/user/checkIn', ...request });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode).toBeLessThan(500);
        expect(envelope(response).code).not.toBe(1);
      }),
      { numRuns: 1000 },
    );
    const [after] = await handle.database.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(1000);
    expect([...statuses.keys()].every((s) => s >= 400 && s < 500)).toBe(true);
  });
});
