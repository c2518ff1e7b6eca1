import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountKeyOf, legacyAccountKeyOf, validateCheckIn, type CheckInInput } from './credentials.ts';

const register = (over: Partial<CheckInInput> = {}): CheckInInput => ({
  tab: 'register',
  account: 'alice',
  password: 'secret1',
  confirmPassword: 'secret1',
  ...over,
});

function errorOf(input: CheckInInput): string | null {
  const result = validateCheckIn(input);
  return result.ok ? null : result.error;
}

describe('entry form validation', () => {
  it('accepts a well-formed registration and normalises it', () => {
    const result = validateCheckIn(register({ account: '  Alice ', inviteCode: 'ab12-cd34' }));
    expect(result).toEqual({
      ok: true,
      value: {
        tab: 'register',
        account: 'Alice',
        accountKey: 'alice',
        legacyAccountKey: 'alice',
        email: null,
        password: 'secret1',
        inviteCode: 'AB12CD34',
      },
    });
  });

  it('asks for every field first', () => {
    expect(errorOf(register({ account: '  ' }))).toBe('auth.fields_required');
    expect(errorOf(register({ password: '' }))).toBe('auth.fields_required');
    expect(errorOf(register({ confirmPassword: '' }))).toBe('auth.fields_required');
    expect(errorOf({ tab: 'login', account: 'alice', password: '' })).toBe('auth.fields_required');
  });

  it('checks e-mail format when the account is an address', () => {
    expect(errorOf(register({ account: 'alice@' }))).toBe('auth.email_invalid');
    expect(errorOf(register({ account: 'a b@c.de' }))).toBe('auth.email_invalid');
    expect(validateCheckIn(register({ account: 'Alice@Example.com' }))).toMatchObject({
      ok: true,
      value: { email: 'alice@example.com', accountKey: 'alice@example.com' },
    });
  });

  it('folds the Turkish dotted and dotless i, so a name is one account on every keyboard', () => {
    // What a Turkish keyboard's caps lock types, what it types without, and what others type.
    for (const spelling of ['IŞIK', 'ışık', 'Işık', 'işik', 'İŞİK']) {
      expect(accountKeyOf(spelling)).toBe('işik');
    }
    // Other letters stay apart: ş is not s.
    expect(accountKeyOf('ISIK')).toBe('isik');
    // "İ" lower-cased without a locale is "i" and a combining dot: it folds too, composed or not.
    expect(accountKeyOf('İbrahim')).toBe('ibrahim');
    expect(accountKeyOf('I\u0307brahim')).toBe('ibrahim');
    expect(legacyAccountKeyOf('İbrahim')).toBe('i\u0307brahim');
    // A dot above an i that has one, or a dotless one, folds too (an address may hold marks).
    for (const spelling of ['\u0131\u0307lker', '\u0130\u0307lker', 'i\u0307\u0307lker']) {
      expect(accountKeyOf(spelling), spelling).toBe('ilker');
    }
    // The address keeps its letters; only its comparison form folds them.
    expect(validateCheckIn(register({ account: 'ışık@Example.com.tr' }))).toMatchObject({
      ok: true,
      value: { email: 'ışık@example.com.tr', accountKey: 'işik@example.com.tr' },
    });
  });

  it('folds a key once and for all: folding it again changes nothing', () => {
    const tricky = fc.constantFrom(
      'i',
      'I',
      '\u0130',
      '\u0131',
      '\u0307',
      '\u0301',
      '\u0308',
      'ş',
      'a',
      '@',
      '\ud835\udea4',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(tricky).map((parts) => parts.join('')),
        ),
        (account) => {
          const key = accountKeyOf(account);
          expect(accountKeyOf(key)).toBe(key);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('checks usernames on registration only', () => {
    expect(errorOf(register({ account: 'ab' }))).toBe('auth.username_invalid');
    expect(errorOf(register({ account: 'has space' }))).toBe('auth.username_invalid');
    expect(errorOf(register({ account: 'ليلى_٢٠' }))).toBeNull();
    expect(errorOf({ tab: 'login', account: 'ab', password: 'x' })).toBeNull();
  });

  it('gives the password messages', () => {
    expect(errorOf(register({ confirmPassword: 'secret2' }))).toBe('auth.password_mismatch');
    expect(errorOf(register({ password: 'abc', confirmPassword: 'abc' }))).toBe('auth.password_too_short');
    const long = 'x'.repeat(129);
    expect(errorOf(register({ password: long, confirmPassword: long }))).toBe('auth.password_too_long');
  });

  it('refuses a malformed invitation code', () => {
    expect(errorOf(register({ inviteCode: 'short' }))).toBe('invite.code_invalid');
    expect(errorOf(register({ inviteCode: 'ABCDEFGI' }))).toBe('invite.code_invalid');
    expect(errorOf(register({ inviteCode: '   ' }))).toBeNull();
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('login' as const, 'register' as const),
        fc.string(),
        fc.string(),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (tab, account, password, confirmPassword, inviteCode) => {
          const result = validateCheckIn({ tab, account, password, confirmPassword, inviteCode });
          expect(typeof result.ok).toBe('boolean');
        },
      ),
    );
  });
});
