import { expect, it } from 'vitest';
import { API } from '#contract/paths.ts';
import { envelope, useTestApp } from '#tests/helpers/app.ts';
import { TEST_CLOCK_OFFSET_SECONDS, testNow } from '#tests/helpers/test-clock.ts';

// The API tests run far from the day's end (tests/helpers/test-clock.ts): the app's clock and what a
// test stamps are the same time, past midday and hours before midnight.

const handle = useTestApp();

it("runs the app on the tests' time, hours away from the day's end", async () => {
  expect(TEST_CLOCK_OFFSET_SECONDS).toBeGreaterThanOrEqual(0);
  const hour = testNow().getUTCHours();
  expect(hour).toBeGreaterThanOrEqual(12);
  expect(hour).toBeLessThan(18);
  const answer = envelope(await handle.app.inject({ method: 'GET', url: API.serverTime }));
  expect(Math.abs(Number(answer.data['time']) * 1000 - testNow().getTime())).toBeLessThan(5_000);
});
