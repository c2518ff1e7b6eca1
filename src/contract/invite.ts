import { z } from 'zod';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';

/** Seed §3: an invitation, and whether the friend has bound a wallet (only then does it count). */
export const InviteSchema = z.object({
  username: z.string(),
  invite_time: EpochSecondsSchema,
  is_wallet_bound: z.boolean(),
});
export type Invite = z.infer<typeof InviteSchema>;

export const InviteListSchema = z.object({
  list: z.array(InviteSchema),
  invite_count: z.number().int().nonnegative(),
  bound_count: z.number().int().nonnegative(),
  /** The inviter's rate now, and the rules it follows (from configuration). */
  annual_rate: DecimalSchema,
  apr_base: DecimalSchema,
  apr_step: DecimalSchema,
  apr_max: DecimalSchema,
});
export type InviteList = z.infer<typeof InviteListSchema>;
export const InviteListResponseSchema = successSchema(InviteListSchema);
