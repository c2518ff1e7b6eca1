import type { Locale } from '#domain/i18n/locales.ts';

/** What signing in does about the language: switch to the account's, save the app's on it, or nothing. */
export type SignInLanguage =
  { kind: 'adopt'; locale: Locale } | { kind: 'save'; locale: Locale } | { kind: 'keep' };

/**
 * The account keeps a language so that a new device signs in with it. But a language the user picked
 * on this device is a choice made here, about this device: signing in does not undo it (someone who
 * picked العربية on a browser set to English stays in Arabic). Only a language the device merely
 * guessed from the browser gives way to the account's. An account without a language (a new one)
 * takes the one the app shows.
 */
export function languageAtSignIn({
  account,
  shown,
  chosenHere,
}: {
  /** The account's language, null when it has none yet. */
  account: Locale | null;
  /** The language the app shows now. */
  shown: Locale;
  /** Whether the user chose a language on this device (not the browser's first). */
  chosenHere: boolean;
}): SignInLanguage {
  if (account === null) return { kind: 'save', locale: shown };
  if (account === shown || chosenHere) return { kind: 'keep' };
  return { kind: 'adopt', locale: account };
}
