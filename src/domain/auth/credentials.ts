import { fail, ok, type Result } from '../result.ts';

/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 6;
/** Bounds the cost of hashing what a client sends; long passphrases still fit. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;
export const INVITE_CODE_LENGTH = 8;
/** Crockford's base32 without the look-alikes I, L, O, U: easy to read aloud and to type. */
export const INVITE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export type CheckInTab = 'login' | 'register';

export interface CheckInInput {
  tab: CheckInTab;
  /** Username or e-mail address, as typed. */
  account: string;
  password: string;
  confirmPassword?: string | undefined;
  inviteCode?: string | undefined;
}

export interface ValidCheckIn {
  tab: CheckInTab;
  /** Display form of the account: trimmed and Unicode-normalised. */
  account: string;
  /** Comparison form: what uniqueness and login look-ups use. */
  accountKey: string;
  /** The comparison form before the i's were folded (see `legacyAccountKeyOf`). */
  legacyAccountKey: string;
  /** Set when the account is an e-mail address: the address in lower case, as it was typed. */
  email: string | null;
  password: string;
  /** Normalised invitation code, or null when none was given. */
  inviteCode: string | null;
}

export type CredentialsError =
  | 'auth.fields_required'
  | 'auth.email_invalid'
  | 'auth.username_invalid'
  | 'auth.password_mismatch'
  | 'auth.password_too_short'
  | 'auth.password_too_long'
  | 'invite.code_invalid';

// Deliberately modest: one @, no spaces, a dot in the domain. Deliverability is the mail server's job.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;

/**
 * Normalises an account name so that spellings a person reads as one name compare equal. Case is
 * folded without a locale, so Turkish and Azerbaijani keyboards need one more step: their dotted
 * and dotless i (İ i and I ı) all become i, or "IŞIK" would not sign in as "ışık" and "İbrahim"
 * could be registered next to "ibrahim" (docs/product-rules.md, "Account names").
 */
export function accountKeyOf(account: string): string {
  // ı first, so that "ı" with a dot above folds like "i" with one; NFKC again, so that what follows a
  // removed dot composes as it would have: folding a key again changes nothing.
  return legacyAccountKeyOf(account)
    .replace(/\u0131/gu, 'i')
    .replace(/i\u0307+/gu, 'i')
    .normalize('NFKC');
}

/**
 * The comparison form before the i's were folded. Accounts whose folded names clashed with an older
 * account's kept it (migration 0034), and sign-in still finds them by the spelling they registered.
 */
export function legacyAccountKeyOf(account: string): string {
  return account.normalize('NFKC').trim().toLowerCase();
}

/** Normalises a typed invitation code: case-insensitive, spaces and dashes ignored. */
export function normalizeInviteCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** Tells whether a normalised invitation code has the shape Earnest issues. */
export function isInviteCode(code: string): boolean {
  return code.length === INVITE_CODE_LENGTH && [...code].every((c) => INVITE_CODE_ALPHABET.includes(c));
}

/**
 * Validates the entry form in the order a person fixes it: missing fields first, then the
 * account, then the password. The same function runs in the app and on the server.
 */
export function validateCheckIn(input: CheckInInput): Result<ValidCheckIn, CredentialsError> {
  const account = input.account.normalize('NFKC').trim();
  const registering = input.tab === 'register';
  const confirm = input.confirmPassword ?? '';
  if (account === '' || input.password === '' || (registering && confirm === '')) {
    return fail('auth.fields_required');
  }

  const isEmail = account.includes('@');
  if (isEmail) {
    if (account.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(account)) {
      return fail('auth.email_invalid');
    }
  } else if (
    registering &&
    (account.length < USERNAME_MIN_LENGTH ||
      account.length > USERNAME_MAX_LENGTH ||
      !USERNAME_PATTERN.test(account))
  ) {
    return fail('auth.username_invalid');
  }

  if (input.password.length > PASSWORD_MAX_LENGTH) return fail('auth.password_too_long');
  if (registering) {
    if (input.password !== confirm) return fail('auth.password_mismatch');
    if (input.password.length < PASSWORD_MIN_LENGTH) return fail('auth.password_too_short');
  }

  let inviteCode: string | null = null;
  if (registering && input.inviteCode !== undefined && input.inviteCode.trim() !== '') {
    inviteCode = normalizeInviteCode(input.inviteCode);
    if (!isInviteCode(inviteCode)) return fail('invite.code_invalid');
  }

  return ok({
    tab: input.tab,
    account,
    accountKey: accountKeyOf(account),
    legacyAccountKey: legacyAccountKeyOf(account),
    email: isEmail ? legacyAccountKeyOf(account) : null,
    password: input.password,
    inviteCode,
  });
}

/** Checks a new password and its confirmation (the same rules as at registration). */
export function validateNewPassword(
  password: string,
  confirm: string,
): Result<string, 'auth.password_mismatch' | 'auth.password_too_short' | 'auth.password_too_long'> {
  if (password.length < PASSWORD_MIN_LENGTH) return fail('auth.password_too_short');
  if (password.length > PASSWORD_MAX_LENGTH) return fail('auth.password_too_long');
  if (password !== confirm) return fail('auth.password_mismatch');
  return ok(password);
}
