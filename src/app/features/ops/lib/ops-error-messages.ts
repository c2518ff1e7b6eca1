import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OpsErrorCode } from '#contract/ops-errors.ts';
import { ERROR_MESSAGES } from '#app/lib/error-messages.ts';
import { OpsApiError } from '../api/ops-http.ts';

/**
 * Every console error code's message, translated (the console's catalog). The server's English `msg`
 * equals each one (tests/unit/error-catalogue.test.ts); the Record type makes a missing code a
 * compile error.
 */
export const OPS_ERROR_MESSAGES: Record<OpsErrorCode, MessageDescriptor> = {
  'ops.login_required': msg`Please sign in to the console`,
  'ops.session_expired': msg`Your console session has ended; please sign in again`,
  'ops.forbidden': msg`Your role does not allow this`,
  'ops.sign_in_failed': msg`Incorrect name, password or code`,
  'ops.too_many_attempts': msg`Too many attempts; please wait 15 minutes and try again`,
  'ops.setup_link_invalid': msg`This set-up link cannot be used: it was used already, replaced or has expired. Ask an admin for a new one`,
  'ops.password_too_short': msg`The password must be at least 12 characters`,
  'ops.password_too_long': msg`The password must be at most 128 characters`,
  'ops.password_mismatch': msg`The two passwords are not the same`,
  'ops.code_invalid': msg`This code is not right: type the 6 digits your authenticator app shows now`,
  'ops.name_invalid': msg`An operator name is 3 to 32 lower-case letters, digits, dots, hyphens or underscores`,
  'ops.name_taken': msg`There is already an operator with this name`,
  'ops.operator_not_found': msg`There is no such operator`,
  'ops.reason_required': msg`Please type a reason: it is kept in the audit log`,
  'ops.user_not_found': msg`There is no such user`,
  'ops.testimonial_not_found': msg`There is no such review`,
  'ops.testimonial_decided': msg`This review was already approved or rejected`,
  'ops.not_banned': msg`This user has no ban in force`,
  'ops.already_banned': msg`This user is already banned`,
  'ops.withdrawal_not_found': msg`There is no such withdrawal`,
  'ops.withdrawal_not_waiting': msg`This withdrawal is not waiting for an operator: it is paid, refunded, or signed by the payout job`,
  'ops.withdrawal_not_due': msg`This withdrawal is still in its waiting period`,
  'ops.withdrawal_claimed': msg`An operator is paying this withdrawal by hand: record its transaction hash, or release it first`,
  'ops.claim_first': msg`Claim the withdrawal first, so the payout job leaves it alone`,
  'ops.payouts_unavailable': msg`Payouts on the XRP Ledger are not configured: pay by hand and record the transaction hash`,
  'ops.hash_invalid': msg`A transaction hash is 64 hexadecimal characters`,
  'ops.hash_used': msg`This transaction already paid another withdrawal`,
  'ops.ledger_no_payment': msg`The ledger has no validated transaction with this hash`,
  'ops.ledger_failed': msg`The transaction failed on the ledger`,
  'ops.ledger_other_destination': msg`The transaction went to another address or tag than this withdrawal's`,
  'ops.ledger_other_amount': msg`The transaction delivered another amount than this withdrawal's`,
  'ops.ledger_unreachable': msg`The XRP Ledger server could not be reached; nothing was changed. Try again`,
  'ops.task_not_found': msg`There is no such task`,
  'ops.task_translation_missing': msg`A task can be switched on only with a title and a text in all 11 languages`,
  'ops.task_reward_invalid': msg`A reward is more than 0 XRP and at most the daily cap, in whole drops (at most 6 decimals)`,
  'ops.task_target_required': msg`A web, video or download task needs its https address`,
  'ops.task_type_fixed': msg`Surveys and the notification task keep their type; other tasks are regular, web, video or download tasks`,
  'ops.task_order_invalid': msg`The new order must name every task exactly once`,
  'ops.setting_invalid': msg`This value is not valid for this setting`,
  'ops.setting_in_past': msg`A change takes effect now or at a later time, never in the past`,
  'ops.setting_conflict': msg`The annual interest's base rate cannot be above its highest rate`,
};

/** What to tell the operator about a failed request. */
export function opsMessageOf(error: unknown): MessageDescriptor {
  if (error instanceof OpsApiError) {
    if (error.code === 'network.failed') return ERROR_MESSAGES['network.failed'];
    return error.code in OPS_ERROR_MESSAGES
      ? OPS_ERROR_MESSAGES[error.code as OpsErrorCode]
      : (ERROR_MESSAGES[error.code as keyof typeof ERROR_MESSAGES] ?? ERROR_MESSAGES['server.error']);
  }
  return ERROR_MESSAGES['server.error'];
}
