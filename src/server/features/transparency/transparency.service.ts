import type { PaidWithdrawal, TransparencySummary } from '#contract/transparency.ts';
import { formatAmount, type Amount } from '#domain/money/amount.ts';
import { maskName } from '#domain/privacy/mask.ts';
import {
  PAYOUT_TIME_MIN_SAMPLES,
  PAYOUT_TIME_WINDOW_DAYS,
  payoutSeconds,
  payoutTimes,
  reserveRatioPercent,
} from '#domain/transparency/payout-times.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { createPaidWithdrawalsRepository } from '#server/features/withdraw/withdraw.service.ts';
import { balancesTotal } from '#server/ledger/owed.ts';
import type { WalletReader } from './wallet-balance.ts';

export interface TransparencyServiceDeps {
  db: Db;
  clock: Clock;
  /**
   * The payout wallet's public address (configured, or derived from the payout key); null: the one
   * the payout job last recorded, if any (it may run in another process that alone holds the key).
   */
  walletAddress: string | null;
  /** Reads its balance on the ledger; null when no ledger is configured. */
  wallet: WalletReader | null;
  waitingDays: number;
  explorerTxUrl: string;
  /** How long a computed summary is served again: a public page must not be a way to load the database. */
  cacheMs: number;
}

/**
 * The public transparency page (docs/transparency.md): every figure is computed from the database and
 * the ledger when asked, and kept only `cacheMs`.
 */
export function createTransparencyService(deps: TransparencyServiceDeps) {
  const { db, clock } = deps;
  const paid = createPaidWithdrawalsRepository(db);
  let cached: { at: number; summary: Promise<TransparencySummary> } | null = null;

  async function compute(now: Date): Promise<TransparencySummary> {
    const windowStart = new Date(now.getTime() - PAYOUT_TIME_WINDOW_DAYS * 24 * 3_600_000);
    const walletAddress = deps.walletAddress ?? (await paid.lastPayoutWallet());
    const wallet =
      deps.wallet && walletAddress
        ? deps.wallet.balance(walletAddress)
        : Promise.resolve<Amount | null>(null);
    // The sums from one snapshot: a withdrawal or a refund committed between two separate reads would
    // be counted in neither sum, or in both.
    const [samples, totals, open, balances] = await db.transaction(
      async (tx) => {
        const snapshot = createPaidWithdrawalsRepository(tx);
        return [
          await snapshot.paidSince(windowStart),
          await snapshot.paidTotal(),
          await snapshot.openTotal(),
          await balancesTotal(tx),
        ] as const;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const walletBalance = await wallet;
    const owed = balances + open;
    const times = payoutTimes(samples);
    return {
      wallet_address: walletAddress,
      wallet_balance: walletBalance === null ? null : formatAmount(walletBalance),
      wallet_read_time: walletBalance === null ? null : epochSeconds(now),
      paid_total: formatAmount(totals.total),
      paid_count: totals.count,
      owed_total: formatAmount(owed),
      reserve_ratio_percent: reserveRatioPercent(walletBalance, owed),
      window_days: PAYOUT_TIME_WINDOW_DAYS,
      min_samples: PAYOUT_TIME_MIN_SAMPLES,
      window_count: samples.length,
      payout_times: times
        ? {
            count: times.count,
            median_seconds: times.medianSeconds,
            p90_seconds: times.p90Seconds,
            median_without_ads_seconds: times.medianWithoutAdsSeconds,
            p90_without_ads_seconds: times.p90WithoutAdsSeconds,
          }
        : null,
      waiting_days: deps.waitingDays,
      explorer_tx_url: deps.explorerTxUrl,
      computed_time: epochSeconds(now),
    };
  }

  return {
    /** The figures, computed now or at most `cacheMs` ago (one computation at a time serves everyone). */
    summary(): Promise<TransparencySummary> {
      const now = clock.now();
      if (cached && now.getTime() - cached.at < deps.cacheMs && now.getTime() >= cached.at) {
        return cached.summary;
      }
      const summary = compute(now);
      cached = { at: now.getTime(), summary };
      // A failed computation is not served again.
      summary.catch(() => {
        if (cached?.summary === summary) cached = null;
      });
      return summary;
    },

    /** One page of paid withdrawals, newest first, names masked. */
    async payouts(beforeId: number | undefined, limit: number) {
      const rows = await paid.paidPage(beforeId, limit + 1);
      const page = rows.slice(0, limit);
      const list: PaidWithdrawal[] = page.flatMap((row) =>
        row.validatedAt
          ? [
              {
                id: row.id,
                username: maskName(row.username),
                amount: formatAmount(row.amount),
                requested_time: epochSeconds(row.requestedAt),
                validated_time: epochSeconds(row.validatedAt),
                took_seconds: payoutSeconds({
                  requestedAt: row.requestedAt,
                  validatedAt: row.validatedAt,
                  reducedHours: 0,
                }),
                tx_hash: row.txHash,
              },
            ]
          : [],
      );
      return { list, next_before_id: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
    },
  };
}

export type TransparencyService = ReturnType<typeof createTransparencyService>;
