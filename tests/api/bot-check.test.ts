import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.ts';
import { startFakeTurnstile, type FakeTurnstile } from '#tests/fakes/fake-turnstile.ts';
import { buildTestApp, envelope } from '#tests/helpers/app.ts';

let database: Database;
let turnstile: FakeTurnstile;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  turnstile = await startFakeTurnstile();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await turnstile.close();
  await database.close();
});

async function appWith(env: Record<string, string>) {
  const app = await buildTestApp({ database, env });
  apps.push(app);
  return app;
}

const checkIn = (app: FastifyInstance, username: string, token?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/checkIn',
    headers: token ? { 'cf-turnstile-response': token } : {},
    payload: { tab: 'register', username, password: 'secret12', confirm_password: 'secret12' },
  });

describe('the bot challenge', () => {
  it('is checked on the server when configured: a good token passes, a bad or missing one does not', async () => {
    const app = await appWith({
      TURNSTILE_SITE_KEY: 'site-key',
      TURNSTILE_SECRET: 'test-secret',
      TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
      TURNSTILE_SCRIPT_URL: turnstile.scriptUrl,
    });
    expect(envelope(await checkIn(app, 'botless', 'nope')).data.error).toBe('bot.check_failed');
    expect(envelope(await checkIn(app, 'botless')).data.error).toBe('bot.check_failed');
    expect(envelope(await checkIn(app, 'botless', 'pass')).code).toBe(1);
    expect(turnstile.verifications.at(-1)).toMatchObject({ secret: 'test-secret', response: 'pass' });

    const settings = envelope(await app.inject({ url: '/api/other/getCustomSettings' })).data;
    expect(settings['bot_challenge']).toEqual({ site_key: 'site-key', script_url: turnstile.scriptUrl });
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${new URL(turnstile.scriptUrl).origin}`);
  });

  it('denies with the catalogue message when siteverify cannot be reached', async () => {
    const app = await appWith({
      TURNSTILE_SITE_KEY: 'site-key',
      TURNSTILE_SECRET: 'test-secret',
      TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
    });
    const body = envelope(await checkIn(app, 'unverified', 'pass'));
    expect(body.data.error).toBe('bot.check_unavailable');
    expect(body.msg).toBe('Verification error, please try again');
  });

  it('is not asked for when not configured', async () => {
    const app = await appWith({});
    expect(envelope(await checkIn(app, 'plain')).code).toBe(1);
    expect(
      envelope(await app.inject({ url: '/api/other/getCustomSettings' })).data['bot_challenge'],
    ).toBeNull();
  });
});
