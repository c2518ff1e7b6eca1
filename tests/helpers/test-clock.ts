import { adjustableClock, type Clock } from '#server/clock.ts';

/**
 * The tests' time: real time moved forward, once per test file, to the next midday (12:00 UTC).
 * Earnest's day ends at midnight in its time zone (UTC unless a test sets another), and a test that
 * accepts the day and then completes its tasks would fail if that midnight fell in between. Midday
 * is at least five hours from the day's end in every zone the tests use.
 *
 * Everything a test stamps goes through the same offset: `testNow`, the seeding helpers, the app's
 * clock, and the server and payout processes the integration tests start (`CLOCK_OFFSET_SECONDS`).
 * The offset only moves time forward, in whole seconds (what `CLOCK_OFFSET_SECONDS` takes), so a
 * time taken from the real clock is never in the tests' future. It is fixed for the file: a file
 * that runs past the real midnight does not jump.
 */
export const TEST_CLOCK_OFFSET_SECONDS = (() => {
  const now = Date.now();
  const day = new Date(now);
  let midday = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 12);
  if (midday < now) midday += 24 * 3600 * 1000;
  return Math.floor((midday - now) / 1000);
})();

/** Now, on the tests' clock. */
export function testNow(): Date {
  return new Date(Date.now() + TEST_CLOCK_OFFSET_SECONDS * 1000);
}

/** A clock on the tests' time that a test can move forward (waiting periods, the next day). */
export function testClock(): Clock & { advance(ms: number): void } {
  return adjustableClock(TEST_CLOCK_OFFSET_SECONDS * 1000);
}
