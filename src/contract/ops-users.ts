import { z } from 'zod/mini';
import { DecimalSchema, EpochSecondsSchema, successSchema, wireInt } from './envelope.ts';
import { ReasonSchema } from './ops.ts';
import { OpsWithdrawalSchema } from './ops-withdrawals.ts';

export const UserSearchQuerySchema = z.object({
  /** A user name or e-mail (or part of one), an invite code, an XRP address, or a user id. */
  q: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});

export const OpsUserSummarySchema = z.object({
  id: z.number().check(z.int()),
  username: z.string(),
  email: z.nullable(z.string()),
  invite_code: z.string(),
  balance: DecimalSchema,
  created_time: EpochSecondsSchema,
  /** The saved withdrawal address and tag, if any. */
  address: z.nullable(z.string()),
  tag: z.nullable(z.string()),
  /** The ban or lock in force, with the reason the user is shown; null when none. */
  ban: z.nullable(z.object({ reason: z.string(), since_time: EpochSecondsSchema })),
});
export type OpsUserSummary = z.infer<typeof OpsUserSummarySchema>;

export const UserSearchResponseSchema = successSchema(z.object({ list: z.array(OpsUserSummarySchema) }));

export const UserDetailQuerySchema = z.object({
  id: wireInt(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
});

export const OpsLedgerEntrySchema = z.object({
  id: z.number().check(z.int()),
  kind: z.string(),
  /** Signed: credits positive, debits negative. */
  amount: z.string(),
  reference: z.string(),
  created_time: EpochSecondsSchema,
});

export const OpsLockSchema = z.object({
  id: z.number().check(z.int()),
  reason: z.string(),
  created_time: EpochSecondsSchema,
  /** A timed lock's end; null for a ban, which stands until lifted. */
  until_time: z.nullable(EpochSecondsSchema),
  lifted_time: z.nullable(EpochSecondsSchema),
});

export const OpsUserDetailSchema = z.object({
  user: OpsUserSummarySchema,
  /** The sum of the ledger entries (equal to the balance, always). */
  ledger_sum: z.string(),
  ledger: z.array(OpsLedgerEntrySchema),
  withdrawals: z.array(OpsWithdrawalSchema),
  locks: z.array(OpsLockSchema),
  phone_verified: z.boolean(),
  invited_by: z.nullable(z.string()),
  invitees: z.number().check(z.int()),
  active_sessions: z.number().check(z.int()),
  tasks_completed: z.number().check(z.int()),
});
export type OpsUserDetail = z.infer<typeof OpsUserDetailSchema>;
export const UserDetailResponseSchema = successSchema(OpsUserDetailSchema);

export const UserBanBodySchema = z.object({
  user_id: wireInt(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  reason: z._default(ReasonSchema, ''),
});
export const UserBanResponseSchema = successSchema(
  z.object({ user: OpsUserSummarySchema, changed: z.boolean() }),
);
