import { describe, expect, it, vi } from 'vitest';
import { XrpRateResponseSchema } from '#contract/rates.ts';
import { testClock, testNow } from '#tests/helpers/test-clock.ts';
import { httpRateSource } from '#server/features/rates/rate-source.ts';
import { createRatesService } from '#server/features/rates/rates.service.ts';
import { quote as quoteAt, startFakeRateSource, type FakeRateSource } from '#tests/fakes/fake-rate-source.ts';
import { useStarted, useTestApp } from '#tests/helpers/app.ts';
import { parseEnv } from '#server/env.ts';

/** A quote `ageSeconds` old on the tests' time, which the app's clock keeps (helpers/test-clock.ts). */
const quote = (ageSeconds = 0, prices: Record<string, string | number> = {}) =>
  quoteAt(ageSeconds, prices, testNow());

// The approximate price of 1 XRP (docs/exchange-rate.md): read from the operator's source through the
// fake on 127.0.0.1, kept a few minutes, and never shown when no fresh quote is known.

const MINUTE = 60_000;

describe('GET /api/other/xrpRate', () => {
  const source = useStarted(startFakeRateSource);
  const clock = testClock();
  const handle = useTestApp(() => ({
    clock,
    env: { RATE_SOURCE_URL: source.value.url, RATE_CACHE_SECONDS: '300', RATE_MAX_AGE_SECONDS: '1800' },
  }));
  const rate = async () => {
    const response = await handle.app.inject({ method: 'GET', url: '/api/other/xrpRate' });
    expect(response.statusCode).toBe(200);
    return XrpRateResponseSchema.parse(response.json()).data.rate;
  };

  it('answers the source’s prices with its name, its time and until when they may be shown', async () => {
    const served = quote(60);
    source.value.serve(served);
    expect(await rate()).toEqual({
      source: 'Test Prices',
      time: served.time,
      fresh_until: served.time + 1800,
      prices: { USD: '2.1345', EUR: '1.9621', CNY: '15.4812', EGP: '105.37' },
    });
  });

  it('asks the source again only once the answer is a few minutes old, and keeps it meanwhile', async () => {
    const before = source.value.requests;
    for (let i = 0; i < 5; i++) expect(await rate()).not.toBeNull();
    expect(source.value.requests).toBe(before);
    source.value.serve(quote(0, { USD: '2.5' }));
    clock.advance(5 * MINUTE + 1_000);
    // The kept quote is still fresh, so the answer does not wait for the source: it is refreshed behind.
    expect((await rate())?.prices['USD']).toBe('2.1345');
    await vi.waitFor(() => expect(source.value.requests).toBe(before + 1));
    await vi.waitFor(async () => expect((await rate())?.prices['USD']).toBe('2.5'));
  });

  it('keeps the last good quote through a failure while it is fresh, then shows nothing', async () => {
    source.value.fail(503);
    clock.advance(5 * MINUTE + 1_000);
    expect((await rate())?.prices['USD']).toBe('2.5');
    // Quoted about 5 minutes ago (by the server's clock); 31 minutes on it is too old to show.
    clock.advance(26 * MINUTE);
    expect(await rate()).toBeNull();
  });
});

describe('the rate configuration', () => {
  it('refuses to keep a quote as long as it may be shown, or longer: the price would vanish for nothing', () => {
    expect(() => parseEnv({ RATE_CACHE_SECONDS: '1800', RATE_MAX_AGE_SECONDS: '1800' })).toThrow(
      /RATE_CACHE_SECONDS/,
    );
    expect(parseEnv({ RATE_CACHE_SECONDS: '300' }).RATE_MAX_AGE_SECONDS).toBe(1800);
  });
});

describe('without RATE_SOURCE_URL', () => {
  const handle = useTestApp();
  it('there is no price, and nothing is invented', async () => {
    const response = await handle.app.inject({ method: 'GET', url: '/api/other/xrpRate' });
    expect(XrpRateResponseSchema.parse(response.json()).data.rate).toBeNull();
  });
});

describe('the rate source adapter', () => {
  const source = useStarted(startFakeRateSource);
  const warnings: unknown[] = [];
  const service = (fake: FakeRateSource, timeoutMs = 2_000) =>
    createRatesService({
      source: httpRateSource(fake.url, timeoutMs),
      clock: testClock(),
      cacheMs: 5 * MINUTE,
      maxAgeMs: 30 * MINUTE,
      log: { warn: (...args: unknown[]) => warnings.push(args), info: () => undefined },
    });

  it('a slow source: the answer does not wait past the timeout, and has no price', async () => {
    source.value.serve(quote());
    source.value.delay(10_000);
    const started = Date.now();
    expect(await service(source.value, 200).current()).toBeNull();
    // Bounded by the timeout, not by the source's 10 s (generous: the machine may be busy).
    expect(Date.now() - started).toBeLessThan(8_000);
    source.value.delay(0);
  });

  it('a source that is down (HTTP 503, 500, 404): no price, and one warning for the operator', async () => {
    for (const status of [503, 500, 404]) {
      source.value.fail(status);
      warnings.length = 0;
      expect(await service(source.value).current()).toBeNull();
      expect(String((warnings[0] as [{ err: Error }])[0].err.message)).toContain(`HTTP ${status}`);
    }
  });

  it('a stale quote (older than the maximum age) is not shown', async () => {
    source.value.serve(quote(31 * 60));
    expect(await service(source.value).current()).toBeNull();
    source.value.serve(quote(29 * 60));
    expect(await service(source.value).current()).not.toBeNull();
  });

  it('anything but the documented shape is refused whole', async () => {
    const now = Math.floor(testNow().getTime() / 1000);
    for (const body of [
      'not json',
      '<html>502 Bad Gateway</html>',
      JSON.stringify({ ripple: { usd: 2.13, last_updated_at: now } }),
      JSON.stringify({ source: 'X', time: now, prices: {} }),
      JSON.stringify({ source: '', time: now, prices: { USD: '2' } }),
      JSON.stringify({ source: 'X', time: now, prices: { usd: '2' } }),
      JSON.stringify({ source: 'X', time: now, prices: { USD: '-2' } }),
      JSON.stringify({ source: 'X', time: now, prices: { USD: '0' } }),
      JSON.stringify({ source: 'X', time: now, prices: { USD: 1e-7 } }),
      JSON.stringify({ source: 'X', time: now, prices: { USD: '2', EUR: 'NaN' } }),
      JSON.stringify({ source: 'X', time: String(now), prices: { USD: '2' } }),
      // Quoted an hour in the future: the clocks disagree, the quote's age cannot be trusted.
      JSON.stringify({ source: 'X', time: now + 3600, prices: { USD: '2' } }),
      JSON.stringify({ source: 'X', time: now, prices: { USD: '2' }, padding: 'x'.repeat(70_000) }),
    ]) {
      source.value.serveRaw(body);
      expect([body.slice(0, 60), await service(source.value).current()]).toEqual([body.slice(0, 60), null]);
    }
  });

  it('prices given as JSON numbers are taken as the decimals they read as', async () => {
    source.value.serve(quote(0, { USD: 2.1345, JPY: 330 }));
    expect((await service(source.value).current())?.prices).toMatchObject({ USD: '2.1345', JPY: '330' });
  });

  it('asks the source once for many requests at the same moment', async () => {
    source.value.serve(quote());
    source.value.delay(300);
    const before = source.value.requests;
    const rates = service(source.value);
    const answers = await Promise.all(Array.from({ length: 20 }, () => rates.current()));
    expect(answers.every((answer) => answer?.prices['USD'] === '2.1345')).toBe(true);
    expect(source.value.requests - before).toBe(1);
    source.value.delay(0);
  });

  it('a source that recovers is used again after the short retry', async () => {
    const clock = testClock();
    const rates = createRatesService({
      source: httpRateSource(source.value.url, 2_000),
      clock,
      cacheMs: 5 * MINUTE,
      maxAgeMs: 30 * MINUTE,
    });
    source.value.fail(502);
    expect(await rates.current()).toBeNull();
    source.value.serve(quote());
    // Not asked again at once (a failing source is not hammered), but within a minute.
    expect(await rates.current()).toBeNull();
    clock.advance(31_000);
    expect(await rates.current()).not.toBeNull();
  });
});
