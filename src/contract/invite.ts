import { z } from 'zod/mini';
import { INVITE_RULES } from '#domain/invite/counting.ts';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';

/**
 * An invitation: the friend's masked name, when they joined, and where the invitation stands under
 * the rule in force (domain/invite/counting.ts). `is_wallet_bound` stays for older clients.
 */
export const InviteSchema = z.object({
  username: z.string(),
  invite_time: EpochSecondsSchema,
  is_wallet_bound: z.boolean(),
  phone_verified: z.boolean(),
  status: z.enum(['counts', 'waiting', 'not_counted']),
});
export type Invite = z.infer<typeof InviteSchema>;

export const InviteListSchema = z.object({
  list: z.array(InviteSchema),
  invite_count: z.number().check(z.int(), z.nonnegative()),
  /** Invitations that count under the rule in force. */
  bound_count: z.number().check(z.int(), z.nonnegative()),
  /** When an invitation counts, as the operator configured it. */
  rule: z.enum(INVITE_RULES),
  /** The inviter's rate now, and the rules it follows (from configuration). */
  annual_rate: DecimalSchema,
  apr_base: DecimalSchema,
  apr_step: DecimalSchema,
  apr_max: DecimalSchema,
});
export type InviteList = z.infer<typeof InviteListSchema>;
export const InviteListResponseSchema = successSchema(InviteListSchema);
