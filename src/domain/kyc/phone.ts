import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { asciiDigits } from '../i18n/digits.ts';

/** A phone number as the world dials it (E.164), or null when it is not a valid number. */
export function normalisePhone(input: string): string | null {
  const trimmed = asciiDigits(input).trim();
  if (trimmed.length < 4 || trimmed.length > 32) return null;
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${trimmed}`);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The number range a number belongs to: all but its last 6 digits. SMS pumping sends to many
 * numbers of one premium range, so sends are limited per range too.
 */
export function numberRange(e164: string): string {
  return e164.slice(0, Math.max(4, e164.length - 6));
}

/** What a user sees of a number: country code and the last 2 digits. */
export function maskPhone(e164: string): string {
  return `${e164.slice(0, 3)}${'•'.repeat(Math.max(0, e164.length - 5))}${e164.slice(-2)}`;
}

/** The rules of codes and sends (docs/product-rules.md#phone-verification). */
export const PHONE_RULES = {
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  perNumberEveryMs: 60_000,
  perNumberPerDay: 5,
  perIpPerHour: 10,
  perRangePerHour: 20,
  perAccountPerDay: 5,
} as const;
