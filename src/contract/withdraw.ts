import { z } from 'zod/mini';
import { INVITE_RULES } from '#domain/invite/counting.ts';
import { bodyText, DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';
import { WITHDRAW_RULE_IDS } from './withdraw-rule-ids.ts';

export { WITHDRAW_RULE_IDS };

/** A change of the withdrawal address, as the user's records list it. */
export const AddressChangeSchema = z.object({
  old_address: z.string(),
  old_tag: z.string(),
  new_address: z.string(),
  new_tag: z.string(),
  time: EpochSecondsSchema,
  hold_until: EpochSecondsSchema,
});
export type AddressChange = z.infer<typeof AddressChangeSchema>;

/**
 * The saved address (empty strings while none is set), the supported exchange it belongs to, the hold
 * a change started (epoch seconds; null when none is in force) and the changes made so far.
 */
export const AddressSchema = z.object({
  walletaddress: z.string(),
  tag: z.string(),
  exchange: z._default(z.nullable(z.string()), null),
  hold_until: z._default(z.nullable(EpochSecondsSchema), null),
  changes: z._default(z.array(AddressChangeSchema), []),
});
export type Address = z.infer<typeof AddressSchema>;
export const AddressResponseSchema = successSchema(AddressSchema);

/** An address and tag as typed: what checking one before saving takes. */
export const DestinationBodySchema = z.object({
  walletaddress: bodyText(200),
  tag: bodyText(100),
});

/** An address and tag that passed every check that can be made before saving, with its exchange. */
export const CheckedAddressSchema = z.object({
  walletaddress: z.string(),
  tag: z.string(),
  exchange: z.string(),
});
export const CheckedAddressResponseSchema = successSchema(CheckedAddressSchema);

/**
 * Saving the first address or changing it: the password confirms either, so a session alone (a
 * device linked by a trick, a stolen token) cannot choose where the balance is paid.
 */
export const AddressBodySchema = z.extend(DestinationBodySchema, {
  password: bodyText(200),
});

export const ExchangeSchema = z.object({ name: z.string(), addresses: z.array(z.string()) });
export type Exchange = z.infer<typeof ExchangeSchema>;
export const ExchangeWhitelistResponseSchema = successSchema(z.object({ list: z.array(ExchangeSchema) }));

export const WithdrawRuleSchema = z.object({
  id: z.enum(WITHDRAW_RULE_IDS),
  met: z.boolean(),
  /** Amounts as XRP decimals (min_balance), counts otherwise. */
  current: z.string(),
  required: z.string(),
});
export type WithdrawRule = z.infer<typeof WithdrawRuleSchema>;
export const WithdrawRulesResponseSchema = successSchema(
  z.object({
    rules: z.array(WithdrawRuleSchema),
    may_withdraw: z.boolean(),
    /** When an invitation counts toward the invitation rule (domain/invite/counting.ts). */
    invite_rule: z.enum(INVITE_RULES),
  }),
);

export const WITHDRAWAL_STATUSES = ['processing', 'transferring', 'failed', 'success'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Status 1 = a withdrawal in progress (0 = none), with its times. */
export const WithdrawStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  create_time: z.nullable(EpochSecondsSchema),
  end_time: z.nullable(EpochSecondsSchema),
  reduced_hours: z.number().check(z.int(), z.nonnegative()),
  amount: z.nullable(DecimalSchema),
});
export type WithdrawStatus = z.infer<typeof WithdrawStatusSchema>;
export const WithdrawStatusResponseSchema = successSchema(WithdrawStatusSchema);

/** A withdrawal: the whole balance, on the terms the user was shown. */
export const StartWithdrawalBodySchema = z.object({
  /** The waiting period the user confirmed, in days; refused if the one in force is another. */
  waiting_days: z.optional(z.number().check(z.int(), z.nonnegative(), z.lte(3650))),
});

export const WithdrawLogSchema = z.object({
  id: z.number().check(z.int()),
  amount: DecimalSchema,
  status: z.enum(WITHDRAWAL_STATUSES),
  create_time: EpochSecondsSchema,
  end_time: EpochSecondsSchema,
  /**
   * When it was paid or refunded; null while open. Optional for a rolling upgrade, when the new app
   * may still be answered by a process of the release before it.
   */
  settled_time: z.optional(z.nullable(EpochSecondsSchema)),
  address: z.string(),
  tag: z.string(),
  tx_hash: z.nullable(z.string()),
  delivered_amount: z.nullable(DecimalSchema),
  failure_reason: z.nullable(z.string()),
  /** Why the payout waits (the account's recorded ban reason); null when nothing holds it. */
  held_reason: z._default(z.nullable(z.string()), null),
});
export type WithdrawLog = z.infer<typeof WithdrawLogSchema>;

/**
 * The reasons the payout job holds a withdrawal for itself (the app words them in the user's language;
 * any other held_reason is an operator's recorded ban reason, shown as it is).
 */
export const JOB_HOLDS = {
  walletRefill: 'waiting for the payout wallet to be refilled',
  tag: 'the saved destination tag is not one the ledger can carry',
  /** A prefix: "delivered N drops of M". */
  delivered: 'delivered ',
} as const;
export const WithdrawLogsResponseSchema = successSchema(z.object({ list: z.array(WithdrawLogSchema) }));

/** No fabricated activity (docs/product-rules.md#no-fabricated-activity): only withdrawals that were really paid, with the name masked. */
export const RecentWithdrawalSchema = z.object({
  username: z.string(),
  amount: DecimalSchema,
  time: EpochSecondsSchema,
});
export const RecentWithdrawalsResponseSchema = successSchema(
  z.object({ list: z.array(RecentWithdrawalSchema) }),
);

export const AD_STATES = ['ready', 'playing', 'reduced', 'come_back_tomorrow', 'no_withdrawal'] as const;
export const AdStatusSchema = z.object({
  state: z.enum(AD_STATES),
  /** The creative: an operator-configured video URL, or null for the built-in house ad. */
  video_url: z.nullable(z.string()),
  seconds: z.number().check(z.int(), z.positive()),
  /** While playing: when the session opened. */
  started_time: z.nullable(EpochSecondsSchema),
  /** Once reduced today: the hours removed. */
  reduced_hours: z.nullable(z.number().check(z.int(), z.nonnegative())),
  /** When the next ad becomes available. */
  next_time: EpochSecondsSchema,
});
export type AdStatus = z.infer<typeof AdStatusSchema>;
export const AdStatusResponseSchema = successSchema(AdStatusSchema);

export const AdStartResponseSchema = successSchema(z.object({ started_time: z.number().check(z.int()) }));
/** The withdrawal as the ad left it, and the hours it took off today. */
export const AdCompleteResponseSchema = successSchema(
  z.extend(WithdrawStatusSchema, { reduced_today: z.number().check(z.int()) }),
);
