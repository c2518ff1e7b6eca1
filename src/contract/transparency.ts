import { z } from 'zod/mini';
import { DecimalSchema, EpochSecondsSchema, successSchema, wireInt } from './envelope.ts';

/**
 * The public proof that Earnest pays (docs/transparency.md): the payout wallet, every paid withdrawal
 * and the figures computed from them. Public, and nothing about a person beyond a masked name.
 */
export const TRANSPARENCY_API = {
  summary: '/api/transparency/summary',
  payouts: '/api/transparency/payouts',
} as const;

/** Measured payout time, in whole seconds; null while there are too few paid withdrawals. */
export const PayoutTimesSchema = z.strictObject({
  count: z.number().check(z.int(), z.nonnegative()),
  median_seconds: z.number().check(z.int(), z.nonnegative()),
  p90_seconds: z.number().check(z.int(), z.nonnegative()),
  median_without_ads_seconds: z.number().check(z.int(), z.nonnegative()),
  p90_without_ads_seconds: z.number().check(z.int(), z.nonnegative()),
});
export type PayoutTimes = z.infer<typeof PayoutTimesSchema>;

export const TransparencySummarySchema = z.strictObject({
  /** The payout wallet's address, or null when the operator configured none. */
  wallet_address: z.nullable(z.string()),
  /** Its balance on the ledger (validated), or null when no ledger is configured or it did not answer. */
  wallet_balance: z.nullable(DecimalSchema),
  /** When the balance was read. */
  wallet_read_time: z.nullable(EpochSecondsSchema),
  paid_total: DecimalSchema,
  paid_count: z.number().check(z.int(), z.nonnegative()),
  /** Balances plus withdrawals requested and not paid yet. */
  owed_total: DecimalSchema,
  /** Wallet ÷ owed, a percent with two decimals; null without a balance or with nothing owed. */
  reserve_ratio_percent: z.nullable(DecimalSchema),
  window_days: z.number().check(z.int(), z.positive()),
  min_samples: z.number().check(z.int(), z.positive()),
  /** Paid withdrawals validated in the window, whether or not there are enough for the figures. */
  window_count: z.number().check(z.int(), z.nonnegative()),
  payout_times: z.nullable(PayoutTimesSchema),
  /** The stated waiting period, beside which the measured times are shown. */
  waiting_days: z.number().check(z.int(), z.nonnegative()),
  /** An explorer's page for a transaction, `{hash}` standing for its hash. */
  explorer_tx_url: z.string(),
  /** When these figures were computed (they are kept for a few seconds). */
  computed_time: EpochSecondsSchema,
});
export type TransparencySummary = z.infer<typeof TransparencySummarySchema>;
export const TransparencySummaryResponseSchema = successSchema(TransparencySummarySchema);

export const PaidWithdrawalSchema = z.strictObject({
  id: z.number().check(z.int(), z.positive()),
  username: z.string(),
  amount: DecimalSchema,
  requested_time: EpochSecondsSchema,
  validated_time: EpochSecondsSchema,
  /** Whole seconds from the request to the validated result. */
  took_seconds: z.number().check(z.int(), z.nonnegative()),
  /** Null only for a payment recorded before hashes were kept. */
  tx_hash: z.nullable(z.string()),
});
export type PaidWithdrawal = z.infer<typeof PaidWithdrawalSchema>;

/** Newest first; pass `next_before_id` as `before_id` for the next page. */
export const PaidWithdrawalsQuerySchema = z.strictObject({
  before_id: z.optional(wireInt(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER))),
});
export const PAID_WITHDRAWALS_PAGE = 20;
export const PaidWithdrawalsResponseSchema = successSchema(
  z.strictObject({
    list: z.array(PaidWithdrawalSchema),
    next_before_id: z.nullable(z.number().check(z.int(), z.positive())),
  }),
);
