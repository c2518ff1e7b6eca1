import { describe, expect, it } from 'vitest';
import { API, IDEMPOTENCY_HEADER } from '#contract/paths.ts';
import { REPLAY_HEADER } from '#contract/sync.ts';
import { openDatabase } from '#server/db/database.ts';
import { parseEnv } from '#server/env.ts';
import { buildTestApp, getAs, postAs, register, useStarted, useTestApp } from '#tests/helpers/app.ts';
import { startFakeSms } from '#tests/fakes/fake-sms.ts';
import { sample } from '#tests/helpers/prometheus.ts';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

describe('configuration', () => {
  it('refuses metrics without a token, and in production a short one', () => {
    expect(() => parseEnv({ METRICS: 'on' })).toThrow(/METRICS_TOKEN/);
    expect(parseEnv({ METRICS: 'on', METRICS_TOKEN: 'short' }).METRICS).toBe(true);
    const site = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://earnest.example',
      SMS_PROVIDER_URL: 'https://sms.example/messages',
      XRPL_URL: 'wss://xrpl.example',
    };
    const production = { ...site, METRICS: 'on' };
    expect(() => parseEnv({ ...production, METRICS_TOKEN: 'short' })).toThrow(/32 characters/);
    expect(() => parseEnv(production)).toThrow(/METRICS_TOKEN/);
    expect(parseEnv({ ...production, METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    // Off (the default), production needs none.
    expect(parseEnv(site).METRICS).toBe(false);
  });
});

describe('health with metrics off', () => {
  const handle = useTestApp();

  it('answers /healthz and /readyz, and /metrics is not there for anyone', async () => {
    expect((await handle.app.inject('/healthz')).json()).toEqual({ live: true });
    const ready = await handle.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true, database: 'ok', pending_migrations: [] });
    for (const authorization of [undefined, 'Bearer anything', `Bearer ${TOKEN}`]) {
      const answer = await handle.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode).toBe(404);
    }
  });
});

describe('metrics on', () => {
  const sms = useStarted(startFakeSms);
  const handle = useTestApp(() => ({
    env: {
      METRICS: 'on',
      METRICS_TOKEN: TOKEN,
      SMS_PROVIDER_URL: sms.value.url,
      PUBLIC_ORIGIN: 'https://earnest.example',
    },
  }));
  const scrape = async () => {
    const answer = await handle.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.body;
  };

  it('refuses a missing or wrong token', async () => {
    expect((await handle.app.inject('/metrics')).statusCode).toBe(401);
    for (const authorization of ['Bearer wrong', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const answer = await handle.app.inject({ url: '/metrics', headers: { authorization } });
      expect(answer.statusCode, authorization).toBe(401);
    }
  });

  it('counts requests by route and status, ledger entries, SMS and offline replays', async () => {
    const before = await scrape();
    const requests = (route: string, status: string, text: string) =>
      sample(text, 'earnest_http_requests_total', { method: 'GET', route, status }) ?? 0;
    for (let i = 0; i < 7; i++) await handle.app.inject(API.serverTime);
    const user = await register(handle.app, 'metered');
    // A gift claimed once, replayed by the offline queue twice more (the stored answer each time).
    for (let i = 0; i < 3; i++)
      await postAs(
        handle.app,
        API.newUserReward,
        user.token,
        {},
        {
          [IDEMPOTENCY_HEADER]: 'metered-gift',
          ...(i > 0 ? { [REPLAY_HEADER]: '1' } : {}),
        },
      );
    await postAs(handle.app, API.kycSendCode, user.token, { phone: '+447911123451' });
    await getAs(handle.app, '/no/such/thing', null);
    const after = await scrape();

    expect(requests(API.serverTime, '200', after) - requests(API.serverTime, '200', before)).toBe(7);
    expect(
      sample(after, 'earnest_http_requests_total', {
        method: 'POST',
        route: API.newUserReward,
        status: '200',
      }),
    ).toBe(3);
    expect(sample(after, 'earnest_offline_replays_total', { route: API.newUserReward, status: '200' })).toBe(
      2,
    );
    expect(sample(after, 'earnest_ledger_entries', { kind: 'gift' })).toBe(1);
    expect(sample(after, 'earnest_sms_total', { outcome: 'sent' })).toBe(1);
    expect(sample(after, 'earnest_database_up', {})).toBe(1);
    expect(sample(after, 'earnest_payout_lag_seconds', {})).toBe(0);
    expect(
      sample(after, 'earnest_http_request_duration_seconds_count', { method: 'GET', route: API.serverTime }),
    ).toBeGreaterThanOrEqual(7);
    // An unknown path is one series, not one per path (the label set stays small).
    expect(after).not.toContain('/no/such/thing');
  });
});

describe('readiness', () => {
  it('fails while the database does not answer', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildTestApp({ database });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await database.close();
    const down = await app.inject('/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ ready: false, database: 'unreachable' });
    // Liveness does not ask the database: the process is up.
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    await app.close();
  });
});
