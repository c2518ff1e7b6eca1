import { readFileSync } from 'node:fs';
import { LOCALES, SOURCE_LOCALE, type Locale } from '#domain/i18n/locales.ts';

// The SMS's words. `npm run extract` puts them in locales/<locale>/sms.po to be translated like every
// other text (lingui.config.ts); the server reads those catalogs when it starts. The warning is the
// sentence a scammer who asks for the code hopes the user does not understand.
const CODE_LINE = /*i18n*/ { id: 'sms.code', message: 'Earnest code: {code}. Valid for 10 minutes.' };
const WARNING = /*i18n*/ {
  id: 'sms.warning',
  message: 'Never type it into WhatsApp or any other app, and never tell it to anyone: Earnest will not ask.',
};

export type SmsText = (code: string, host: string, locale: Locale) => string;

/**
 * The SMS text in the user's language. Its last line binds the code to Earnest's address (the WebOTP
 * format, never translated), so the phone offers it only on Earnest's own page; the text says never
 * to type it anywhere else (docs/product-rules.md#phone-verification).
 */
export function smsTextFrom(catalogs: ReadonlyMap<Locale, ReadonlyMap<string, string>>): SmsText {
  const words = (locale: Locale, line: { id: string; message: string }) =>
    catalogs.get(locale)?.get(line.id) || catalogs.get(SOURCE_LOCALE)?.get(line.id) || line.message;
  return (code, host, locale) =>
    [words(locale, CODE_LINE).replace('{code}', code), words(locale, WARNING), '', `@${host} #${code}`].join(
      '\n',
    );
}

/** The SMS catalogs of every language, read from `dir` (locales/). */
export function readSmsCatalogs(dir: URL): Map<Locale, Map<string, string>> {
  return new Map(
    LOCALES.map((locale) => [locale, poEntries(readFileSync(new URL(`${locale}/sms.po`, dir), 'utf8'))]),
  );
}

/** A .po file's translations, msgid to msgstr (the catalogs' own format: quoted, C escapes). */
export function poEntries(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const block of text.split(/\n\s*\n/)) {
    const id = poField(block, 'msgid');
    const str = poField(block, 'msgstr');
    if (id && str) entries.set(id, str);
  }
  return entries;
}

function poField(block: string, key: string): string | null {
  const match = new RegExp(`^${key} ((?:"(?:[^"\\\\]|\\\\.)*"\\s*)+)`, 'm').exec(block);
  if (!match?.[1]) return null;
  return [...match[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)]
    .map((part) => JSON.parse(`"${part[1] ?? ''}"`) as string)
    .join('');
}
