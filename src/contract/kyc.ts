import { z } from 'zod/mini';
import { bodyText, DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';

export const KycStatusSchema = z.object({
  /** none: never asked; pending: a code is out; verified; failed: the last code died (5 wrong tries). */
  state: z.enum(['none', 'pending', 'verified', 'failed']),
  /** The number, masked, once one was given. */
  phone: z.nullable(z.string()),
  /** While pending: when the code expires and how many tries are left. */
  expires_time: z.nullable(EpochSecondsSchema),
  tries_left: z.nullable(z.number().check(z.int(), z.nonnegative())),
  bonus_amount: DecimalSchema,
  /** Whether this account received the bonus (once per account and per number). */
  bonus_credited: z.boolean(),
  /** What the account was credited as its bonus, which may differ from today's `bonus_amount`. */
  credited_amount: z.optional(DecimalSchema),
});
export type KycStatus = z.infer<typeof KycStatusSchema>;
export const KycStatusResponseSchema = successSchema(KycStatusSchema);

export const SendCodeBodySchema = z.object({ phone: bodyText(64) });
export const VerifyCodeBodySchema = z.object({ code: bodyText(16) });

export const SendCodeResponseSchema = successSchema(z.object({ expires_time: z.number().check(z.int()) }));
export const VerifyCodeResponseSchema = successSchema(
  z.object({ state: z.literal('verified'), phone: z.string(), bonus: z.string() }),
);
