import type { FastifyBaseLogger } from 'fastify';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { alertOperator, overduePayouts, runPayoutOnce, type PayoutJobDeps } from './payout-job.ts';
import { connectXrplPayer, type Payer } from './xrpl-payer.ts';

export interface PayoutRunnerOptions {
  db: Db;
  clock: Clock;
  rules: ProductRules;
  xrpl: {
    url: string;
    seed: string;
    account: string | null;
    feeCapDrops: bigint;
    networkId: number | null;
  } | null;
  intervalMs: number;
  /** How soon the runner comes back while a signed payment waits for the ledger (a few seconds). */
  resubmitMs: number;
  /** A withdrawal still not final this long after it became due is reported to the operator. */
  alertAfterMs: number;
  log: FastifyBaseLogger;
  onFinal?: PayoutJobDeps['onFinal'];
}

/** What the runner last did, for the readiness check and the metrics. */
export interface PayoutRunnerState {
  /** When the last pass ended, well or not; null before the first. */
  lastPassAt: Date | null;
  /** Passes in a row that failed (a lost XRPL connection, a database error); 0 after a good one. */
  failuresInARow: number;
}

/**
 * Runs the payout job, one pass at a time: every interval, and every few seconds while a signed
 * payment waits for the ledger (it is resubmitted each time until validated or expired). Without
 * XRPL settings it only moves due withdrawals to "transferring", where the operator pays them
 * (`npm run ops -- payouts ...`). It can run in the web process or as its own (`npm run payouts`),
 * so the web process need not hold the key.
 */
export function startPayoutRunner(options: PayoutRunnerOptions) {
  const { db, clock, rules, xrpl, intervalMs, resubmitMs, alertAfterMs, log, onFinal } = options;
  let payer: Payer | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const state: PayoutRunnerState = { lastPassAt: null, failuresInARow: 0 };

  async function pass(): Promise<number> {
    try {
      if (xrpl && !payer) {
        payer = await connectXrplPayer(xrpl.url, xrpl.seed, xrpl);
        log.info({ address: payer.address }, 'payout wallet connected');
      }
      const run = await runPayoutOnce({
        db,
        clock,
        rules,
        payer,
        log,
        stopping: () => stopped,
        ...(onFinal ? { onFinal } : {}),
      });
      if (run.claimed || run.settled) log.info(run, 'payout pass');
      const overdue = await overduePayouts(db, clock, rules, alertAfterMs);
      for (const row of overdue) {
        await alertOperator(db, row.id, 'overdue', 'not final long after it became due', clock.now());
      }
      if (overdue.length > 0) {
        log.error({ withdrawals: overdue }, 'withdrawals not final long after they became due: look at them');
      }
      state.failuresInARow = 0;
      return run.inFlight;
    } catch (error) {
      // A lost connection is reopened on the next pass; nothing is paid twice (see payout-job.ts).
      log.error({ err: error }, 'payout pass failed');
      state.failuresInARow += 1;
      await payer?.close().catch(() => undefined);
      payer = null;
      return 0;
    } finally {
      state.lastPassAt = clock.now();
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .then((inFlight) => schedule(inFlight > 0 ? resubmitMs : intervalMs))
        .finally(() => (running = null));
    }, delay);
    timer.unref();
  }
  schedule(intervalMs);

  return {
    state: (): PayoutRunnerState => ({ ...state }),
    /** Lets the withdrawal step in progress finish (never a half-done one), then stops. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await payer?.close().catch(() => undefined);
    },
  };
}
