import { z } from 'zod/mini';
import { INVITE_RULES } from '#domain/invite/counting.ts';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';
import { WITHDRAW_RULE_IDS } from './withdraw-rule-ids.ts';

/**
 * The public figures every screen may show (Landing included): all computed from the server's
 * configuration and database at request time (docs/product-rules.md#no-contradicting-claims).
 */
export const PublicSettingsSchema = z.object({
  tasks_per_day: z.number().check(z.int(), z.positive()),
  daily_task_cap: DecimalSchema,
  gift_amount: DecimalSchema,
  kyc_bonus: DecimalSchema,
  apr_base: DecimalSchema,
  apr_step: DecimalSchema,
  apr_max: DecimalSchema,
  min_withdrawal: DecimalSchema,
  waiting_days: z.number().check(z.int(), z.nonnegative()),
  ad_seconds: z.number().check(z.int(), z.positive()),
  ad_reduction_min_hours: z.number().check(z.int(), z.nonnegative()),
  ad_reduction_max_hours: z.number().check(z.int(), z.nonnegative()),
  support_url: z.nullable(z.string()),
  /** An explorer's page for a ledger transaction, `{hash}` standing for its hash. */
  explorer_tx_url: z.string(),
  /** Cloudflare Turnstile, when the operator configured it. */
  bot_challenge: z.nullable(z.object({ site_key: z.string(), script_url: z.string() })),
  /** No hidden conditions (docs/product-rules.md#no-hidden-conditions): every withdrawal rule in force, with what it requires (the same list the server enforces). */
  withdraw_rules: z.array(z.object({ id: z.enum(WITHDRAW_RULE_IDS), required: z.string() })),
  /** When an invitation counts (domain/invite/counting.ts). */
  invite_rule: z.enum(INVITE_RULES),
  stats: z.object({
    /** Registered accounts, counted now; null while fewer than the operator's LANDING_USERS_MIN. */
    users: z.nullable(z.number().check(z.int(), z.nonnegative())),
  }),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

export const PublicSettingsResponseSchema = successSchema(PublicSettingsSchema);

export const ServerTimeResponseSchema = successSchema(z.object({ time: EpochSecondsSchema }));
