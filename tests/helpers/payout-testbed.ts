import type { Clock } from '#server/clock.ts';
import { startFakeRippled } from '#tests/fakes/fake-rippled.ts';
import { useStarted, useTestApp } from './app.ts';
import type { Backend } from './databases.ts';

/**
 * What the payout tests run against, for one test file: the app on a fresh database (of `backend`, or
 * PGlite in memory), where withdrawals are due as soon as they are asked for, and a fake rippled closing a ledger every `closeMs`; started before the file's
 * tests, closed after them.
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
  // Every withdrawal is due at once: the waiting period in force when it is requested is kept on it
  // (docs/operators.md#settings), so it is the app's that must be 0, whatever rules the job is given.
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
