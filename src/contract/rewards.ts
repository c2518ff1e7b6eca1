import { z } from 'zod/mini';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';

/** The daily reward's fields, plus what the claim still needs (docs/product-rules.md#no-hidden-conditions). */
export const DailyRewardSchema = z.object({
  /**
   * The day these figures are for, as the task list names it (`YYYY-MM-DD`, in the server's time
   * zone); absent from a server of the release before.
   */
  day: z.optional(z.string()),
  today_tasks: z.number().check(z.int(), z.nonnegative()),
  tasks_per_day: z.number().check(z.int(), z.positive()),
  /**
   * How many tasks today holds, all of which the interest needs: at most `tasks_per_day`, fewer when
   * the catalog cannot fill the day or the operator switched one off; absent from a server of the
   * release before.
   */
  day_tasks: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** Interest claimable today, exactly what a claim now credits (whole drops). */
  daily_reward: DecimalSchema,
  annual_rate: DecimalSchema,
  last_claim_time: z.nullable(EpochSecondsSchema),
  next_claim_time: EpochSecondsSchema,
  claimed_today: z.boolean(),
  address_set: z.boolean(),
  gift_amount: DecimalSchema,
  gift_claimed: z.boolean(),
});
export type DailyReward = z.infer<typeof DailyRewardSchema>;
export const DailyRewardResponseSchema = successSchema(DailyRewardSchema);

/** A claim of the interest or the gift. */
export const ClaimBodySchema = z.object({
  /** The amount the user was shown; a claim is refused if the server would credit another. */
  amount: z.optional(DecimalSchema),
});

export const ClaimResponseSchema = successSchema(
  z.object({ amount: DecimalSchema, balance: DecimalSchema, claim_time: EpochSecondsSchema }),
);
