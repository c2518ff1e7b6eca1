import { z } from 'zod/mini';
import { ERRORS, type ErrorCode } from './errors.ts';

/**
 * The operator console's error catalogue (docs/operators.md), apart from the users' one so the user
 * app carries none of it. Same shape as ERRORS: the HTTP status and the server's English `msg`, which
 * the console's own message for the code must equal (tests/unit/error-catalogue.test.ts).
 */
export const OPS_ERRORS = {
  'ops.login_required': { status: 401, msg: 'Please sign in to the console' },
  'ops.session_expired': { status: 401, msg: 'Your console session has ended; please sign in again' },
  'ops.forbidden': { status: 403, msg: 'Your role does not allow this' },
  'ops.sign_in_failed': { status: 400, msg: 'Incorrect name, password or code' },
  'ops.too_many_attempts': { status: 429, msg: 'Too many attempts; please wait 15 minutes and try again' },
  'ops.setup_link_invalid': {
    status: 400,
    msg: 'This set-up link cannot be used: it was used already, replaced or has expired. Ask an admin for a new one',
  },
  'ops.password_too_short': { status: 400, msg: 'The password must be at least 12 characters' },
  'ops.password_too_long': { status: 400, msg: 'The password must be at most 128 characters' },
  'ops.password_mismatch': { status: 400, msg: 'The two passwords are not the same' },
  'ops.code_invalid': {
    status: 400,
    msg: 'This code is not right: type the 6 digits your authenticator app shows now',
  },
  'ops.name_invalid': {
    status: 400,
    msg: 'An operator name is 3 to 32 lower-case letters, digits, dots, hyphens or underscores',
  },
  'ops.name_taken': { status: 409, msg: 'There is already an operator with this name' },
  'ops.operator_not_found': { status: 404, msg: 'There is no such operator' },
  'ops.reason_required': { status: 400, msg: 'Please type a reason: it is kept in the audit log' },
  'ops.user_not_found': { status: 404, msg: 'There is no such user' },
  'ops.not_banned': { status: 409, msg: 'This user has no ban in force' },
  'ops.already_banned': { status: 409, msg: 'This user is already banned' },
  'ops.withdrawal_not_found': { status: 404, msg: 'There is no such withdrawal' },
  'ops.withdrawal_not_waiting': {
    status: 409,
    msg: 'This withdrawal is not waiting for an operator: it is paid, refunded, or signed by the payout job',
  },
  'ops.withdrawal_not_due': { status: 409, msg: 'This withdrawal is still in its waiting period' },
  'ops.withdrawal_claimed': {
    status: 409,
    msg: 'An operator is paying this withdrawal by hand: record its transaction hash, or release it first',
  },
  'ops.claim_first': {
    status: 409,
    msg: 'Claim the withdrawal first, so the payout job leaves it alone',
  },
  'ops.payouts_unavailable': {
    status: 409,
    msg: 'Payouts on the XRP Ledger are not configured: pay by hand and record the transaction hash',
  },
  'ops.hash_invalid': { status: 400, msg: 'A transaction hash is 64 hexadecimal characters' },
  'ops.hash_used': { status: 409, msg: 'This transaction already paid another withdrawal' },
  'ops.ledger_no_payment': { status: 409, msg: 'The ledger has no validated transaction with this hash' },
  'ops.ledger_failed': { status: 409, msg: 'The transaction failed on the ledger' },
  'ops.ledger_other_destination': {
    status: 409,
    msg: "The transaction went to another address or tag than this withdrawal's",
  },
  'ops.ledger_other_amount': {
    status: 409,
    msg: "The transaction delivered another amount than this withdrawal's",
  },
  'ops.testimonial_not_found': { status: 404, msg: 'There is no such review' },
  'ops.testimonial_decided': { status: 409, msg: 'This review was already approved or rejected' },
  'ops.ledger_unreachable': {
    status: 503,
    msg: 'The XRP Ledger server could not be reached; nothing was changed. Try again',
  },
  'ops.task_not_found': { status: 404, msg: 'There is no such task' },
  'ops.task_translation_missing': {
    status: 409,
    msg: 'A task can be switched on only with a title and a text in all 11 languages',
  },
  'ops.task_reward_invalid': {
    status: 400,
    msg: 'A reward is more than 0 XRP and at most the daily cap, in whole drops (at most 6 decimals)',
  },
  'ops.task_target_required': { status: 400, msg: 'A web, video or download task needs its https address' },
  'ops.task_type_fixed': {
    status: 400,
    msg: 'Surveys and the notification task keep their type; other tasks are regular, web, video or download tasks',
  },
  'ops.task_order_invalid': { status: 400, msg: 'The new order must name every task exactly once' },
  'ops.setting_invalid': { status: 400, msg: 'This value is not valid for this setting' },
  'ops.setting_in_past': {
    status: 400,
    msg: 'A change takes effect now or at a later time, never in the past',
  },
} as const satisfies Record<string, { status: number; msg: string }>;

export type OpsErrorCode = keyof typeof OPS_ERRORS;

/** Any code the server may answer: the users' catalogue and the console's. */
export type AnyErrorCode = ErrorCode | OpsErrorCode;

const ALL_CODES = [...Object.keys(ERRORS), ...Object.keys(OPS_ERRORS)] as [AnyErrorCode, ...AnyErrorCode[]];

/** The status and English message of any code. */
export function catalogueEntry(code: AnyErrorCode): { status: number; msg: string } {
  return Object.hasOwn(OPS_ERRORS, code) ? OPS_ERRORS[code as OpsErrorCode] : ERRORS[code as ErrorCode];
}

/** Tells whether a string is a code of the console's catalogue. */
export function isOpsErrorCode(value: unknown): value is OpsErrorCode {
  return typeof value === 'string' && Object.hasOwn(OPS_ERRORS, value);
}

/** A failure an operator route may answer: a code of either catalogue, and detail fields. */
export const OpsFailureSchema = z.object({
  code: z.number().check(z.int()),
  msg: z.string(),
  data: z.looseObject({ error: z.enum(ALL_CODES) }),
});
