import { z } from 'zod/mini';
import type { CredentialsError } from '#domain/auth/credentials.ts';
import type { TaskRefusal } from '#domain/tasks/task-rules.ts';
import type { AddressRefusal } from '#domain/withdraw/address.ts';

/**
 * The error catalogue: every stable error code, the HTTP status it travels with, and the message the
 * server puts in `msg` (docs/product-rules.md#api-conventions). The app shows its own translation of each
 * code; `msg` is for other clients and logs.
 */
export const ERRORS = {
  'auth.fields_required': { status: 400, msg: 'Please fill in all information' },
  'auth.email_invalid': { status: 400, msg: 'Please enter a valid email format' },
  'auth.username_invalid': {
    status: 400,
    msg: 'Username must be 3 to 32 letters, digits, dots, hyphens or underscores',
  },
  'auth.password_mismatch': { status: 400, msg: 'Passwords do not match' },
  'auth.password_too_short': { status: 400, msg: 'Password must be at least 6 characters' },
  'auth.password_too_long': { status: 400, msg: 'Password must be at most 128 characters' },
  'auth.registration_params': { status: 400, msg: 'Registration parameter error' },
  // One message for an unknown account and a wrong password: a failed login must not reveal
  // whether an account exists.
  'auth.invalid_credentials': { status: 400, msg: 'Incorrect username or password' },
  'auth.too_many_attempts': {
    status: 403,
    msg: 'Too many failed login attempts, please try again in 1 day',
  },
  'auth.account_locked': { status: 403, msg: 'Account is locked' },
  'auth.account_taken': { status: 409, msg: 'This username or e-mail is already registered' },
  'auth.login_required': { status: 401, msg: 'Please log in first' },
  'auth.session_expired': { status: 401, msg: 'Login expired, please log in again' },
  'invite.code_invalid': { status: 400, msg: 'This invitation code does not exist' },
  'request.idempotency_key_required': {
    status: 400,
    msg: 'This action needs an Idempotency-Key header',
  },
  'request.idempotency_mismatch': {
    status: 422,
    msg: 'This Idempotency-Key was already used for a different request',
  },
  'request.in_flight': { status: 409, msg: 'The same request is still being processed, please wait' },
  'tasks.id_required': { status: 400, msg: 'Task ID cannot be empty' },
  'tasks.not_found': { status: 404, msg: 'Task does not exist or is disabled' },
  'tasks.not_accepted': { status: 400, msg: "Accept today's challenge first" },
  'tasks.not_started': { status: 400, msg: 'Start the task first' },
  'tasks.too_early': { status: 400, msg: 'Insufficient task time, please try again.' },
  'tasks.answers_required': { status: 400, msg: 'Please answer every question' },
  'tasks.push_required': { status: 400, msg: 'Allow notification permission to earn rewards' },
  'tasks.push_unconfirmed': {
    status: 400,
    msg: 'The test notification has not reached this device yet; please wait a moment and try again',
  },
  'tasks.already_completed': { status: 400, msg: 'You have already claimed the reward' },
  'tasks.daily_limit': { status: 400, msg: "You have completed all of today's tasks" },
  'tasks.daily_cap': { status: 400, msg: "Today's task earnings have reached the daily maximum" },
  'rewards.tasks_incomplete': { status: 400, msg: "Complete all of today's tasks to claim interest" },
  'rewards.address_required': { status: 400, msg: 'No withdrawal address set' },
  'rewards.already_claimed': { status: 400, msg: 'You have already claimed the reward' },
  'rewards.nothing_to_claim': { status: 400, msg: 'There is no interest to claim on an empty balance' },
  'rewards.amount_changed': {
    status: 400,
    msg: 'The amount changed since it was shown; please check it and claim again',
  },
  'withdraw.address_required': { status: 400, msg: 'Please enter the XRP withdrawal address' },
  'withdraw.address_length': { status: 400, msg: 'The XRP address must be 26 to 100 characters' },
  'withdraw.address_invalid': {
    status: 400,
    msg: 'This is not a valid XRP address: please copy it again from your exchange',
  },
  'withdraw.tag_invalid': { status: 400, msg: 'Tag error, please enter a numeric tag.' },
  'withdraw.not_whitelisted': {
    status: 400,
    msg: 'This address is not supported: it does not belong to a supported exchange',
  },
  'withdraw.address_already_set': {
    status: 409,
    msg: 'A withdrawal address is already saved: use "Change address" to replace it',
  },
  'withdraw.address_taken': { status: 409, msg: 'Another account already saved this address and tag' },
  'withdraw.address_unchanged': { status: 400, msg: 'This is already your withdrawal address' },
  'withdraw.address_missing': { status: 409, msg: 'Save a withdrawal address first' },
  'withdraw.rules_unmet': { status: 400, msg: 'Not every withdrawal rule is met yet' },
  'withdraw.in_progress': { status: 409, msg: 'A withdrawal is already in progress' },
  'ads.no_withdrawal': { status: 400, msg: 'There is no withdrawal waiting to shorten' },
  'ads.already_today': { status: 400, msg: "You have already watched today's ad. Come back tomorrow." },
  'ads.not_started': { status: 400, msg: 'Start the ad first' },
  'ads.too_early': { status: 400, msg: 'Please watch the whole ad first' },
  'kyc.phone_invalid': { status: 400, msg: 'Please enter a valid phone number.' },
  'kyc.too_soon': { status: 429, msg: 'Please wait a minute before asking for another code' },
  'kyc.too_many': { status: 429, msg: 'Too many codes were asked for; please try again later' },
  'kyc.sms_failed': { status: 503, msg: 'The code could not be sent; please try again later' },
  'kyc.no_code': { status: 400, msg: 'Ask for a code first' },
  'kyc.code_expired': { status: 400, msg: 'This code has expired; ask for a new one' },
  'kyc.code_wrong': { status: 400, msg: 'Verification failed' },
  'kyc.code_dead': { status: 400, msg: 'Too many wrong codes; ask for a new one' },
  'kyc.already_verified': { status: 409, msg: 'Your phone number is already verified' },
  'testimonials.text_length': { status: 400, msg: 'A review is 10 to 500 characters' },
  'testimonials.consent_required': {
    status: 400,
    msg: 'Tick the box to agree that your masked name is published with your review',
  },
  'testimonials.already_submitted': {
    status: 409,
    msg: 'You already have a review waiting or published',
  },
  'account.password_wrong': { status: 400, msg: 'The password is not correct' },
  'account.withdrawal_in_progress': {
    status: 409,
    msg: 'A withdrawal is in progress; the account can be deleted once it is finished',
  },
  'device.code_invalid': { status: 400, msg: 'This pairing code does not exist' },
  'device.code_expired': {
    status: 400,
    msg: 'This pairing code has expired; get a new one on the other device',
  },
  'device.code_used': { status: 400, msg: 'This pairing code was already used' },
  'device.link_cooldown': {
    status: 403,
    msg: 'This device was linked less than 24 hours ago: withdrawals and security changes open after that',
  },
  'bot.check_failed': { status: 400, msg: 'Verification failed' },
  'bot.check_unavailable': { status: 503, msg: 'Verification error, please try again' },
  'push.token_invalid': { status: 400, msg: 'Failed to save push-messaging token' },
  'push.test_failed': { status: 400, msg: 'Enable Failed' },
  'push.ack_unknown': { status: 404, msg: 'This notification is unknown or too old' },
  'request.invalid': { status: 400, msg: 'Please check what you entered and try again' },
  'request.control_characters': {
    status: 400,
    msg: 'What you entered contains invisible control characters; please type it again',
  },
  'request.too_large': { status: 413, msg: 'The request is too large' },
  'request.rate_limited': { status: 429, msg: 'Too many requests, please wait a minute and try again' },
  'request.not_found': { status: 404, msg: 'Not found' },
  'server.error': { status: 500, msg: 'An error occurred' },
} as const satisfies Record<string, { status: number; msg: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** Tells whether a string is a code of this catalogue (a newer server may send codes we lack). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

// Every failure the domain can name must have a catalogue entry; this line fails to compile if not.
export type DomainCodesAreCatalogued = CredentialsError | TaskRefusal | AddressRefusal extends ErrorCode
  ? true
  : never;
const domainCodesAreCatalogued: DomainCodesAreCatalogued = true;
void domainCodesAreCatalogued;
