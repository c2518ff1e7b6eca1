import { QUEUE_STATES, type QueueState } from '#domain/ops/withdrawal-queue.ts';
import { z } from 'zod/mini';
import { DecimalSchema, EpochSecondsSchema, successSchema, wireInt } from './envelope.ts';
import { ReasonSchema } from './ops.ts';

export { QUEUE_STATES, type QueueState };

export const WithdrawalQueueQuerySchema = z.object({
  state: z._default(z.enum(QUEUE_STATES), 'open'),
  /** Part of the user name, or the user's id. */
  user: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  /** Only withdrawals requested at least this many days ago. */
  min_age_days: z.optional(wireInt(z.minimum(0), z.maximum(3650))),
  /** The next page: withdrawals after this id. */
  after_id: z.optional(wireInt(z.nonnegative())),
});
/** The queue's filters as the console sends them. */
export type WithdrawalQueueQuery = {
  state?: QueueState | undefined;
  user?: string | undefined;
  min_age_days?: number | undefined;
  after_id?: number | undefined;
};

export const OpsWithdrawalSchema = z.object({
  id: z.number().check(z.int()),
  user_id: z.number().check(z.int()),
  username: z.string(),
  amount: DecimalSchema,
  address: z.string(),
  tag: z.string(),
  status: z.enum(['processing', 'transferring', 'success', 'failed']),
  created_time: EpochSecondsSchema,
  /** Hours the user's ads took off the waiting period. */
  reduced_hours: z.number().check(z.int()),
  /** When its waiting period ends (or ended): from then on it may be paid. */
  due_time: z.number().check(z.int()),
  /** Why the payout job does not pay it now (a ban, a dry wallet, a tag…); null when nothing holds it. */
  held_reason: z.nullable(z.string()),
  /** When an operator took it to pay by hand; null when the payout job has it. */
  claimed_time: z.nullable(EpochSecondsSchema),
  /** The payout job signed a payment for it (it is then the job's to finish). */
  signed: z.boolean(),
  tx_hash: z.nullable(z.string()),
  failure_reason: z.nullable(z.string()),
  settled_time: z.nullable(EpochSecondsSchema),
});
export type OpsWithdrawal = z.infer<typeof OpsWithdrawalSchema>;

export const WithdrawalQueueResponseSchema = successSchema(
  z.object({
    list: z.array(OpsWithdrawalSchema),
    /** The id to ask `after_id` for the next page, or null on the last page. */
    next_after_id: z.nullable(z.number().check(z.int())),
    /** Whether "pay now" can work here: the XRP Ledger is configured with the payout key. */
    can_pay_now: z.boolean(),
    /** Whether a recorded hash is checked on the ledger before it is accepted. */
    checks_hash_on_ledger: z.boolean(),
  }),
);

const IdSchema = wireInt(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

export const WithdrawalActionBodySchema = z.object({ id: IdSchema, reason: z._default(ReasonSchema, '') });
export const WithdrawalMarkPaidBodySchema = z.object({
  id: IdSchema,
  tx_hash: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  reason: z._default(ReasonSchema, ''),
});
export const WithdrawalRejectBodySchema = z.object({ id: IdSchema, reason: z._default(ReasonSchema, '') });

/** The withdrawal after the action (and whether the action changed anything). */
export const WithdrawalActionResponseSchema = successSchema(
  z.object({ withdrawal: OpsWithdrawalSchema, changed: z.boolean() }),
);
