import { z } from 'zod';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';

/**
 * The public proof that Earnest pays (docs/transparency.md): the payout wallet, every paid withdrawal
 * and the figures computed from them. Public, and nothing about a person beyond a masked name.
 */
export const TRANSPARENCY_API = {
  summary: '/api/transparency/summary',
  payouts: '/api/transparency/payouts',
} as const;

/** Measured payout time, in whole seconds; null while there are too few paid withdrawals. */
export const PayoutTimesSchema = z
  .object({
    count: z.number().int().nonnegative(),
    median_seconds: z.number().int().nonnegative(),
    p90_seconds: z.number().int().nonnegative(),
    median_without_ads_seconds: z.number().int().nonnegative(),
    p90_without_ads_seconds: z.number().int().nonnegative(),
  })
  .strict();
export type PayoutTimes = z.infer<typeof PayoutTimesSchema>;

export const TransparencySummarySchema = z
  .object({
    /** The payout wallet's address, or null when the operator configured none. */
    wallet_address: z.string().nullable(),
    /** Its balance on the ledger (validated), or null when no ledger is configured or it did not answer. */
    wallet_balance: DecimalSchema.nullable(),
    /** When the balance was read. */
    wallet_read_time: EpochSecondsSchema.nullable(),
    paid_total: DecimalSchema,
    paid_count: z.number().int().nonnegative(),
    /** Balances plus withdrawals requested and not paid yet. */
    owed_total: DecimalSchema,
    /** Wallet ÷ owed, a percent with two decimals; null without a balance or with nothing owed. */
    reserve_ratio_percent: DecimalSchema.nullable(),
    window_days: z.number().int().positive(),
    min_samples: z.number().int().positive(),
    /** Paid withdrawals validated in the window, whether or not there are enough for the figures. */
    window_count: z.number().int().nonnegative(),
    payout_times: PayoutTimesSchema.nullable(),
    /** The stated waiting period, beside which the measured times are shown. */
    waiting_days: z.number().int().nonnegative(),
    /** An explorer's page for a transaction, `{hash}` standing for its hash. */
    explorer_tx_url: z.string(),
    /** When these figures were computed (they are kept for a few seconds). */
    computed_time: EpochSecondsSchema,
  })
  .strict();
export type TransparencySummary = z.infer<typeof TransparencySummarySchema>;
export const TransparencySummaryResponseSchema = successSchema(TransparencySummarySchema);

export const PaidWithdrawalSchema = z
  .object({
    id: z.number().int().positive(),
    username: z.string(),
    amount: DecimalSchema,
    requested_time: EpochSecondsSchema,
    validated_time: EpochSecondsSchema,
    /** Whole seconds from the request to the validated result. */
    took_seconds: z.number().int().nonnegative(),
    /** Null only for a payment recorded before hashes were kept. */
    tx_hash: z.string().nullable(),
  })
  .strict();
export type PaidWithdrawal = z.infer<typeof PaidWithdrawalSchema>;

/** Newest first; pass `next_before_id` as `before_id` for the next page. */
export const PaidWithdrawalsQuerySchema = z
  .object({ before_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() })
  .strict();
export const PAID_WITHDRAWALS_PAGE = 20;
export const PaidWithdrawalsResponseSchema = successSchema(
  z
    .object({
      list: z.array(PaidWithdrawalSchema),
      next_before_id: z.number().int().positive().nullable(),
    })
    .strict(),
);
