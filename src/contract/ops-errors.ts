import { z } from 'zod/mini';
import { catalogue, ERRORS, type ErrorCode } from './errors.ts';

/**
 * The operator console's error catalogue (docs/operators.md), apart from the users' one so the user
 * app carries none of it. Same shape as ERRORS: the HTTP status and the server's English `msg`, which
 * the console's own message for the code must equal (tests/unit/error-catalogue.test.ts).
 */
export const OPS_ERRORS = catalogue({
  'ops.login_required': [401, 'Please sign in to the console'],
  'ops.session_expired': [401, 'Your console session has ended; please sign in again'],
  'ops.forbidden': [403, 'Your role does not allow this'],
  'ops.sign_in_failed': [400, 'Incorrect name, password or code'],
  'ops.too_many_attempts': [429, 'Too many attempts; please wait 15 minutes and try again'],
  'ops.setup_link_invalid': [
    400,
    'This set-up link cannot be used: it was used already, replaced or has expired. Ask an admin for a new one',
  ],
  'ops.password_too_short': [400, 'The password must be at least 12 characters'],
  'ops.password_too_long': [400, 'The password must be at most 128 characters'],
  'ops.password_mismatch': [400, 'The two passwords are not the same'],
  'ops.code_invalid': [400, 'This code is not right: type the 6 digits your authenticator app shows now'],
  'ops.name_invalid': [
    400,
    'An operator name is 3 to 32 lower-case letters, digits, dots, hyphens or underscores',
  ],
  'ops.name_taken': [409, 'There is already an operator with this name'],
  'ops.operator_not_found': [404, 'There is no such operator'],
  'ops.reason_required': [400, 'Please type a reason: it is kept in the audit log'],
  'ops.user_not_found': [404, 'There is no such user'],
  'ops.not_banned': [409, 'This user has no ban in force'],
  'ops.already_banned': [409, 'This user is already banned'],
  'ops.withdrawal_not_found': [404, 'There is no such withdrawal'],
  'ops.withdrawal_not_waiting': [
    409,
    'This withdrawal is not waiting for an operator: it is paid, refunded, or signed by the payout job',
  ],
  'ops.withdrawal_not_due': [409, 'This withdrawal is still in its waiting period'],
  'ops.withdrawal_claimed': [
    409,
    'An operator is paying this withdrawal by hand: record its transaction hash, or release it first',
  ],
  'ops.claim_first': [409, 'Claim the withdrawal first, so the payout job leaves it alone'],
  'ops.payouts_unavailable': [
    409,
    'Payouts on the XRP Ledger are not configured: pay by hand and record the transaction hash',
  ],
  'ops.hash_invalid': [400, 'A transaction hash is 64 hexadecimal characters'],
  'ops.hash_used': [409, 'This transaction already paid another withdrawal'],
  'ops.ledger_no_payment': [409, 'The ledger has no validated transaction with this hash'],
  'ops.ledger_failed': [409, 'The transaction failed on the ledger'],
  'ops.ledger_other_destination': [
    409,
    "The transaction went to another address or tag than this withdrawal's",
  ],
  'ops.ledger_other_amount': [409, "The transaction delivered another amount than this withdrawal's"],
  'ops.testimonial_not_found': [404, 'There is no such review'],
  'ops.testimonial_decided': [409, 'This review was already approved or rejected'],
  'ops.ledger_unreachable': [
    503,
    'The XRP Ledger server could not be reached; nothing was changed. Try again',
  ],
  'ops.task_not_found': [404, 'There is no such task'],
  'ops.task_translation_missing': [
    409,
    'A task can be switched on only with a title and a text in all 11 languages',
  ],
  'ops.task_reward_invalid': [
    400,
    'A reward is more than 0 XRP and at most the daily cap, in whole drops (at most 6 decimals)',
  ],
  'ops.task_target_required': [400, 'A web, video or download task needs its https address'],
  'ops.task_type_fixed': [
    400,
    'Surveys and the notification task keep their type; other tasks are regular, web, video or download tasks',
  ],
  'ops.task_order_invalid': [400, 'The new order must name every task exactly once'],
  'ops.setting_invalid': [400, 'This value is not valid for this setting'],
  'ops.setting_in_past': [400, 'A change takes effect now or at a later time, never in the past'],
  'ops.setting_conflict': [400, "The annual interest's base rate cannot be above its highest rate"],
});

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
