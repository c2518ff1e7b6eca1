import { z } from 'zod/mini';
import type { CredentialsError } from '#domain/auth/credentials.ts';
import type { TaskRefusal } from '#domain/tasks/task-rules.ts';
import type { AddressRefusal } from '#domain/withdraw/address.ts';

type CatalogueRows = Record<string, readonly [status: number, msg: string]>;

/** The catalogue a table of rows makes: each code's entry keeps its status and message as literal types. */
type CatalogueOf<Rows extends CatalogueRows> = {
  readonly [Code in keyof Rows]: { readonly status: Rows[Code][0]; readonly msg: Rows[Code][1] };
};

/**
 * A catalogue from its table of `code: [status, msg]` rows: one entry shape for the users' catalogue
 * and the console's (ops-errors.ts).
 */
export function catalogue<const Rows extends CatalogueRows>(rows: Rows): CatalogueOf<Rows> {
  const entries = Object.entries(rows).map(([code, [status, msg]]) => [code, { status, msg }] as const);
  return Object.fromEntries(entries) as CatalogueOf<Rows>;
}

/**
 * The error catalogue: every stable error code, the HTTP status it travels with, and the message the
 * server puts in `msg` (docs/product-rules.md#api-conventions). The app shows its own translation of each
 * code; `msg` is for other clients and logs.
 */
export const ERRORS = catalogue({
  'auth.fields_required': [400, 'Please fill in all information'],
  'auth.email_invalid': [400, 'Please enter a valid email format'],
  'auth.username_invalid': [400, 'Username must be 3 to 32 letters, digits, dots, hyphens or underscores'],
  'auth.password_mismatch': [400, 'Passwords do not match'],
  'auth.password_too_short': [400, 'Password must be at least 6 characters'],
  'auth.password_too_long': [400, 'Password must be at most 128 characters'],
  'auth.registration_params': [400, 'Registration parameter error'],
  // One message for an unknown account and a wrong password: a failed login must not reveal
  // whether an account exists.
  'auth.invalid_credentials': [400, 'Incorrect username or password'],
  'auth.too_many_attempts': [403, 'Too many failed login attempts, please try again in 1 day'],
  'auth.account_locked': [403, 'Account is locked'],
  'auth.account_taken': [409, 'This username or e-mail is already registered'],
  'auth.login_required': [401, 'Please log in first'],
  'auth.session_expired': [401, 'Login expired, please log in again'],
  'auth.signed_out_elsewhere': [401, 'This device was signed out from another device; please sign in again'],
  'auth.password_changed': [
    401,
    'The password was changed on another device; please sign in with the new password',
  ],
  'auth.account_deleted': [401, 'This account was deleted on another device'],
  'auth.account_banned': [401, 'This account has been locked; sign in to see why'],
  'invite.code_invalid': [400, 'This invitation code does not exist'],
  'request.idempotency_key_required': [400, 'This action needs an Idempotency-Key header'],
  'request.idempotency_mismatch': [422, 'This Idempotency-Key was already used for a different request'],
  'request.in_flight': [409, 'The same request is still being processed, please wait'],
  'request.done_before': [409, 'This action was already carried out earlier'],
  'tasks.id_required': [400, 'Task ID cannot be empty'],
  'tasks.not_found': [404, 'Task does not exist or is disabled'],
  'tasks.not_accepted': [400, "Accept today's challenge first"],
  'tasks.not_started': [400, 'Start the task first'],
  'tasks.too_early': [400, 'Insufficient task time, please try again.'],
  'tasks.answers_required': [400, 'Please answer every question'],
  'tasks.push_required': [400, 'Allow notification permission to earn rewards'],
  'tasks.push_unconfirmed': [
    400,
    'The test notification has not reached this device yet; please wait a moment and try again',
  ],
  'tasks.already_completed': [400, 'You have already claimed the reward'],
  'tasks.daily_limit': [400, "You have completed all of today's tasks"],
  'tasks.daily_cap': [400, "Today's task earnings have reached the daily maximum"],
  'rewards.tasks_incomplete': [400, "Complete all of today's tasks to claim interest"],
  'rewards.address_required': [400, 'No withdrawal address set'],
  'rewards.already_claimed': [400, 'You have already claimed the reward'],
  'rewards.nothing_to_claim': [400, 'There is no interest to claim on an empty balance'],
  'rewards.amount_changed': [400, 'The amount changed since it was shown; please check it and claim again'],
  'rewards.no_gift': [400, 'There is no new-user gift at the moment'],
  'withdraw.address_required': [400, 'Please enter the XRP withdrawal address'],
  'withdraw.address_length': [400, 'The XRP address must be 26 to 100 characters'],
  'withdraw.address_invalid': [
    400,
    'This is not a valid XRP address: please copy it again from your exchange',
  ],
  'withdraw.tag_invalid': [400, 'Tag error, please enter a numeric tag.'],
  'withdraw.not_whitelisted': [
    400,
    'This address is not supported: it does not belong to a supported exchange',
  ],
  'withdraw.address_already_set': [
    409,
    'A withdrawal address is already saved: use "Change address" to replace it',
  ],
  'withdraw.address_taken': [409, 'Another account already saved this address and tag'],
  'withdraw.address_unchanged': [400, 'This is already your withdrawal address'],
  'withdraw.address_missing': [409, 'Save a withdrawal address first'],
  'withdraw.rules_unmet': [400, 'Not every withdrawal rule is met yet'],
  'withdraw.terms_changed': [
    400,
    'The waiting period changed since it was shown; please check it and confirm again',
  ],
  'withdraw.in_progress': [409, 'A withdrawal is already in progress'],
  'ads.no_withdrawal': [400, 'There is no withdrawal waiting to shorten'],
  'ads.already_today': [400, "You have already watched today's ad. Come back tomorrow."],
  'ads.not_started': [400, 'Start the ad first'],
  'ads.too_early': [400, 'Please watch the whole ad first'],
  'kyc.phone_invalid': [400, 'Please enter a valid phone number.'],
  'kyc.phone_not_mobile': [
    400,
    'Codes go by SMS to mobile numbers only, not to landlines, premium-rate, toll-free or satellite numbers.',
  ],
  'kyc.too_soon': [429, 'Please wait a minute before asking for another code'],
  'kyc.too_many': [429, 'Too many codes were asked for; please try again later'],
  'kyc.sms_failed': [503, 'The code could not be sent; please try again later'],
  'kyc.no_code': [400, 'Ask for a code first'],
  'kyc.code_expired': [400, 'This code has expired; ask for a new one'],
  'kyc.code_wrong': [400, 'Verification failed'],
  'kyc.code_dead': [400, 'Too many wrong codes; ask for a new one'],
  'kyc.already_verified': [409, 'Your phone number is already verified'],
  'testimonials.text_length': [400, 'A review is 10 to 500 characters'],
  'testimonials.consent_required': [
    400,
    'Tick the box to agree that your masked name is published with your review',
  ],
  'testimonials.already_submitted': [409, 'You already have a review waiting or published'],
  'account.password_wrong': [400, 'The password is not correct'],
  'account.withdrawal_in_progress': [
    409,
    'A withdrawal is in progress; the account can be deleted once it is finished',
  ],
  'device.code_invalid': [400, 'This pairing code does not exist'],
  'device.code_expired': [400, 'This pairing code has expired; get a new one on the other device'],
  'device.code_used': [400, 'This pairing code was already used'],
  'device.link_cooldown': [
    403,
    'This device was linked less than 24 hours ago: withdrawals and security changes open after that',
  ],
  'bot.check_failed': [400, 'Verification failed'],
  'bot.check_unavailable': [503, 'Verification error, please try again'],
  'push.token_invalid': [400, 'Failed to save push-messaging token'],
  'push.test_failed': [400, 'Enable Failed'],
  'push.ack_unknown': [404, 'This notification is unknown or too old'],
  'request.invalid': [400, 'Please check what you entered and try again'],
  'request.control_characters': [
    400,
    'What you entered contains invisible control characters; please type it again',
  ],
  'request.too_large': [413, 'The request is too large'],
  'request.cross_site': [403, 'This request came from another website and was refused'],
  'request.rate_limited': [429, 'Too many requests, please wait a minute and try again'],
  'request.not_found': [404, 'Not found'],
  'server.error': [500, 'An error occurred'],
});

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
