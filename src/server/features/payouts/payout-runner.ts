import type { FastifyBaseLogger } from 'fastify';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { runPayoutOnce, type PayoutJobDeps } from './payout-job.ts';
import { connectXrplPayer, type Payer } from './xrpl-payer.ts';

export interface PayoutRunnerOptions {
  db: Db;
  clock: Clock;
  rules: ProductRules;
  xrpl: { url: string; seed: string; feeCapDrops: bigint } | null;
  intervalMs: number;
  log: FastifyBaseLogger;
  onFinal?: PayoutJobDeps['onFinal'];
}

/**
 * Runs the payout job every interval, one pass at a time. Without XRPL settings it only moves due
 * withdrawals to "transferring", where the operator pays them (`npm run ops -- payouts ...`).
 */
export function startPayoutRunner({ db, clock, rules, xrpl, intervalMs, log, onFinal }: PayoutRunnerOptions) {
  let payer: Payer | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function pass() {
    try {
      if (xrpl && !payer)
        payer = await connectXrplPayer(xrpl.url, xrpl.seed, { feeCapDrops: xrpl.feeCapDrops });
      const run = await runPayoutOnce({ db, clock, rules, payer, log, ...(onFinal ? { onFinal } : {}) });
      if (run.claimed || run.settled) log.info(run, 'payout pass');
    } catch (error) {
      // A lost connection is reopened on the next pass; nothing is paid twice (see payout-job.ts).
      log.error({ err: error }, 'payout pass failed');
      await payer?.close().catch(() => undefined);
      payer = null;
    }
  }

  const timer = setInterval(() => {
    if (!running && !stopped) running = pass().finally(() => (running = null));
  }, intervalMs);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await payer?.close().catch(() => undefined);
    },
  };
}
