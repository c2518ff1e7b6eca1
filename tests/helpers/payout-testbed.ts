import type { Clock } from '#server/clock.ts';
import { startFakeRippled } from '#tests/fakes/fake-rippled.ts';
import { useStarted, useTestApp } from './app.ts';
import type { Backend } from './databases.ts';

/**
 * What the payout tests run against, for one test file: the app on a fresh database (of `backend`, or
 * PGlite in memory) and a fake rippled closing a ledger every `closeMs`; started before the file's
 * tests, closed after them. The waiting period is the withdrawal screens' business: a withdrawal keeps
 * the one it was requested under, and here that is none, so every withdrawal is due at once.
 */
export function usePayoutTestbed({
  backend,
  clock,
  closeMs,
}: {
  backend?: Backend;
  clock?: Clock;
  closeMs: number;
}) {
  const rippled = useStarted(() => startFakeRippled({ closeMs }));
  const handle = useTestApp({
    ...(backend ? { backend } : {}),
    ...(clock ? { clock } : {}),
    env: { WAITING_DAYS: '0' },
  });
  return {
    get app() {
      return handle.app;
    },
    get database() {
      return handle.database;
    },
    get rippled() {
      return rippled.value;
    },
  };
}
