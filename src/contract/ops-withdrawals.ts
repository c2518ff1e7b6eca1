import { QUEUE_STATES, type QueueState } from '#domain/ops/withdrawal-queue.ts';
import { z } from 'zod';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';
import { ReasonSchema } from './ops.ts';

export { QUEUE_STATES, type QueueState };

export const WithdrawalQueueQuerySchema = z.object({
  state: z.enum(QUEUE_STATES).default('open'),
  /** Part of the user name, or the user's id. */
  user: z.string().trim().max(64).optional(),
  /** Only withdrawals requested at least this many days ago. */
  min_age_days: z.coerce.number().int().min(0).max(3650).optional(),
  /** The next page: withdrawals after this id. */
  after_id: z.coerce.number().int().nonnegative().optional(),
});
/** The queue's filters as the console sends them. */
export type WithdrawalQueueQuery = {
  state?: QueueState | undefined;
  user?: string | undefined;
  min_age_days?: number | undefined;
  after_id?: number | undefined;
};

export const OpsWithdrawalSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  amount: DecimalSchema,
  address: z.string(),
  tag: z.string(),
  status: z.enum(['processing', 'transferring', 'success', 'failed']),
  created_time: EpochSecondsSchema,
  /** Hours the user's ads took off the waiting period. */
  reduced_hours: z.number().int(),
  /** When its waiting period ends (or ended): from then on it may be paid. */
  due_time: z.number().int(),
  /** Why the payout job does not pay it now (a ban, a dry wallet, a tag…); null when nothing holds it. */
  held_reason: z.string().nullable(),
  /** When an operator took it to pay by hand; null when the payout job has it. */
  claimed_time: z.nullable(EpochSecondsSchema),
  /** The payout job signed a payment for it (it is then the job's to finish). */
  signed: z.boolean(),
  tx_hash: z.string().nullable(),
  failure_reason: z.string().nullable(),
  settled_time: z.nullable(EpochSecondsSchema),
});
export type OpsWithdrawal = z.infer<typeof OpsWithdrawalSchema>;

export const WithdrawalQueueResponseSchema = successSchema(
  z.object({
    list: z.array(OpsWithdrawalSchema),
    /** The id to ask `after_id` for the next page, or null on the last page. */
    next_after_id: z.number().int().nullable(),
    /** Whether "pay now" can work here: the XRP Ledger is configured with the payout key. */
    can_pay_now: z.boolean(),
    /** Whether a recorded hash is checked on the ledger before it is accepted. */
    checks_hash_on_ledger: z.boolean(),
  }),
);

const IdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const WithdrawalActionBodySchema = z.object({ id: IdSchema, reason: ReasonSchema.default('') });
export const WithdrawalMarkPaidBodySchema = z.object({
  id: IdSchema,
  tx_hash: z.string().trim().max(100).default(''),
  reason: ReasonSchema.default(''),
});
export const WithdrawalRejectBodySchema = z.object({ id: IdSchema, reason: ReasonSchema.default('') });

/** The withdrawal after the action (and whether the action changed anything). */
export const WithdrawalActionResponseSchema = successSchema(
  z.object({ withdrawal: OpsWithdrawalSchema, changed: z.boolean() }),
);
