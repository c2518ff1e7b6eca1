/**
 * Measured payout times (docs/transparency.md#measured-payout-time): how long paid withdrawals really
 * took from the request to the ledger's validated result, and how long they would have taken without
 * the hours the daily ad took off the wait.
 */

/** Below this many paid withdrawals in the window, no figure is shown: "not enough data yet". */
export const PAYOUT_TIME_MIN_SAMPLES = 5;
/** The window the figures cover, counted back from now by the time each payment was validated. */
export const PAYOUT_TIME_WINDOW_DAYS = 30;

/** One paid withdrawal, as the figures need it. */
export interface PaidSample {
  requestedAt: Date;
  validatedAt: Date;
  /** Hours the ad took off this withdrawal's wait. */
  reducedHours: number;
}

export interface PayoutTimes {
  /** Paid withdrawals in the window. */
  count: number;
  /** Whole seconds from request to validation. */
  medianSeconds: number;
  p90Seconds: number;
  /** The same, with the ad's reductions added back: the wait of someone who never watched it. */
  medianWithoutAdsSeconds: number;
  p90WithoutAdsSeconds: number;
}

/**
 * The nearest-rank percentile of whole seconds (the smallest value with at least `percent`% of the
 * values at or below it; PostgreSQL's percentile_disc), so every figure is a time a real payout took.
 */
export function nearestRank(values: readonly number[], percent: number): number {
  if (values.length === 0) throw new Error('no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((percent / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/** Whole seconds a payout took, from its request to its validated result. */
export function payoutSeconds(sample: PaidSample): number {
  return Math.max(0, Math.floor((sample.validatedAt.getTime() - sample.requestedAt.getTime()) / 1000));
}

/** The figures for these paid withdrawals, or null while there are fewer than the minimum. */
export function payoutTimes(samples: readonly PaidSample[]): PayoutTimes | null {
  if (samples.length < PAYOUT_TIME_MIN_SAMPLES) return null;
  const taken = samples.map(payoutSeconds);
  const withoutAds = samples.map((sample) => payoutSeconds(sample) + sample.reducedHours * 3600);
  return {
    count: samples.length,
    medianSeconds: nearestRank(taken, 50),
    p90Seconds: nearestRank(taken, 90),
    medianWithoutAdsSeconds: nearestRank(withoutAds, 50),
    p90WithoutAdsSeconds: nearestRank(withoutAds, 90),
  };
}

/**
 * Wallet balance ÷ owed as a percent floored to two decimals ("104.25"), exactly (no float); null when
 * nothing is owed or the balance is unknown.
 */
export function reserveRatioPercent(walletBalance: bigint | null, owed: bigint): string | null {
  if (walletBalance === null || owed <= 0n) return null;
  const hundredths = (walletBalance * 10_000n) / owed;
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}
