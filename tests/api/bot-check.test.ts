import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { startFakeTurnstile } from '#tests/fakes/fake-turnstile.ts';
import { buildTestApp, envelope, useStarted } from '#tests/helpers/app.ts';

const database = useStarted(() => openDatabase({ dataDir: 'memory://' }));
const fake = useStarted(() => startFakeTurnstile());
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function appWith(env: Record<string, string>) {
  const app = await buildTestApp({ database: database.value, env });
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
      TURNSTILE_VERIFY_URL: fake.value.verifyUrl,
      TURNSTILE_SCRIPT_URL: fake.value.scriptUrl,
    });
    expect(envelope(await checkIn(app, 'botless', 'nope')).data.error).toBe('bot.check_failed');
    expect(envelope(await checkIn(app, 'botless')).data.error).toBe('bot.check_failed');
    expect(envelope(await checkIn(app, 'botless', 'pass')).code).toBe(1);
    expect(fake.value.verifications.at(-1)).toMatchObject({ secret: 'test-secret', response: 'pass' });

    const settings = envelope(await app.inject({ url: '/api/other/getCustomSettings' })).data;
    expect(settings['bot_challenge']).toEqual({ site_key: 'site-key', script_url: fake.value.scriptUrl });
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${new URL(fake.value.scriptUrl).origin}`);
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
