import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, type AppErrorCode } from './http.ts';

/** Every error code's message, translated. The Record type makes a missing code a compile error. */
export const ERROR_MESSAGES: Record<AppErrorCode, MessageDescriptor> = {
  'auth.fields_required': msg`Please fill in all information`,
  'auth.email_invalid': msg`Please enter a valid email format`,
  'auth.username_invalid': msg`Username must be 3 to 32 letters, digits, dots, hyphens or underscores`,
  'auth.password_mismatch': msg`Passwords do not match`,
  'auth.password_too_short': msg`Password must be at least 6 characters`,
  'auth.password_too_long': msg`Password must be at most 128 characters`,
  'auth.registration_params': msg`Registration parameter error`,
  'auth.invalid_credentials': msg`Incorrect username or password`,
  'auth.too_many_attempts': msg`Too many failed login attempts, please try again in 1 day`,
  'auth.account_locked': msg`Account is locked`,
  'auth.account_taken': msg`This username or e-mail is already registered`,
  'auth.login_required': msg`Please log in first`,
  'auth.session_expired': msg`Login expired, please log in again`,
  'invite.code_invalid': msg`This invitation code does not exist`,
  'request.idempotency_key_required': msg`This action needs an Idempotency-Key header`,
  'request.idempotency_mismatch': msg`This Idempotency-Key was already used for a different request`,
  'request.in_flight': msg`The same request is still being processed, please wait`,
  'tasks.id_required': msg`Task ID cannot be empty`,
  'tasks.not_found': msg`Task does not exist or is disabled`,
  'tasks.not_accepted': msg`Accept today's challenge first`,
  'tasks.not_started': msg`Start the task first`,
  'tasks.too_early': msg`Insufficient task time, please try again.`,
  'tasks.answers_required': msg`Please answer every question`,
  'tasks.push_required': msg`Allow notification permission to earn rewards`,
  'tasks.push_unconfirmed': msg`The test notification has not reached this device yet; please wait a moment and try again`,
  'push.token_invalid': msg`Failed to save push-messaging token`,
  'push.test_failed': msg`Enable Failed`,
  'push.ack_unknown': msg`This notification is unknown or too old`,
  'tasks.already_completed': msg`You have already claimed the reward`,
  'tasks.daily_limit': msg`You have completed all of today's tasks`,
  'tasks.daily_cap': msg`Today's task earnings have reached the daily maximum`,
  'rewards.tasks_incomplete': msg`Complete all of today's tasks to claim interest`,
  'rewards.address_required': msg`No withdrawal address set`,
  'rewards.already_claimed': msg`You have already claimed the reward`,
  'rewards.nothing_to_claim': msg`There is no interest to claim on an empty balance`,
  'rewards.amount_changed': msg`The amount changed since it was shown; please check it and claim again`,
  'rewards.no_gift': msg`There is no new-user gift at the moment`,
  'testimonials.text_length': msg`A review is 10 to 500 characters`,
  'testimonials.consent_required': msg`Tick the box to agree that your masked name is published with your review`,
  'testimonials.already_submitted': msg`You already have a review waiting or published`,
  'withdraw.address_required': msg`Please enter the XRP withdrawal address`,
  'withdraw.address_length': msg`The XRP address must be 26 to 100 characters`,
  'withdraw.address_invalid': msg`This is not a valid XRP address: please copy it again from your exchange`,
  'withdraw.tag_invalid': msg`Tag error, please enter a numeric tag.`,
  'withdraw.not_whitelisted': msg`This address is not supported: it does not belong to a supported exchange`,
  'withdraw.address_already_set': msg`A withdrawal address is already saved: use "Change address" to replace it`,
  'withdraw.address_taken': msg`Another account already saved this address and tag`,
  'withdraw.address_unchanged': msg`This is already your withdrawal address`,
  'withdraw.address_missing': msg`Save a withdrawal address first`,
  'withdraw.rules_unmet': msg`Not every withdrawal rule is met yet`,
  'withdraw.in_progress': msg`A withdrawal is already in progress`,
  'ads.no_withdrawal': msg`There is no withdrawal waiting to shorten`,
  'ads.already_today': msg`You have already watched today's ad. Come back tomorrow.`,
  'ads.not_started': msg`Start the ad first`,
  'ads.too_early': msg`Please watch the whole ad first`,
  'kyc.phone_invalid': msg`Please enter a valid phone number.`,
  'kyc.too_soon': msg`Please wait a minute before asking for another code`,
  'kyc.too_many': msg`Too many codes were asked for; please try again later`,
  'kyc.sms_failed': msg`The code could not be sent; please try again later`,
  'kyc.no_code': msg`Ask for a code first`,
  'kyc.code_expired': msg`This code has expired; ask for a new one`,
  'kyc.code_wrong': msg`Verification failed`,
  'kyc.code_dead': msg`Too many wrong codes; ask for a new one`,
  'kyc.already_verified': msg`Your phone number is already verified`,
  'account.password_wrong': msg`The password is not correct`,
  'account.withdrawal_in_progress': msg`A withdrawal is in progress; the account can be deleted once it is finished`,
  'device.code_invalid': msg`This pairing code does not exist`,
  'device.code_expired': msg`This pairing code has expired; get a new one on the other device`,
  'device.code_used': msg`This pairing code was already used`,
  'device.link_cooldown': msg`This device was linked less than 24 hours ago: withdrawals and security changes open after that`,
  'bot.check_failed': msg`Verification failed`,
  'bot.check_unavailable': msg`Verification error, please try again`,
  'request.invalid': msg`Please check what you entered and try again`,
  'request.control_characters': msg`What you entered contains invisible control characters; please type it again`,
  'request.too_large': msg`The request is too large`,
  'request.rate_limited': msg`Too many requests, please wait a minute and try again`,
  'request.not_found': msg`Not found`,
  'server.error': msg`An error occurred`,
  'network.failed': msg`Network request failed`,
  'sync.queued': msg`Saved on this device. It will be sent when the connection is back.`,
};

/** The message for whatever a request failed with; anything unexpected is "An error occurred". */
export function messageOf(error: unknown): MessageDescriptor {
  return ERROR_MESSAGES[error instanceof ApiError ? error.code : 'server.error'];
}

/** The message for a catalogue code received as plain text (e.g. from the service worker's queue). */
export function messageForCode(code: string): MessageDescriptor {
  return Object.hasOwn(ERROR_MESSAGES, code)
    ? ERROR_MESSAGES[code as AppErrorCode]
    : ERROR_MESSAGES['server.error'];
}
