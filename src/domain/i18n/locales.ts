/** The interface languages Earnest ships, as BCP 47 tags. */
export const LOCALES = ['zh-CN', 'en', 'ar', 'id', 'fr', 'es', 'ru', 'tr', 'az', 'uk', 'pt'] as const;

export type Locale = (typeof LOCALES)[number];

/** The language source strings are written in, and the fallback for every other. */
export const SOURCE_LOCALE: Locale = 'en';

const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['ar']);

/** Tells whether a value names one of the supported locales exactly. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Text direction of a locale. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
}

/**
 * Matches one browser language tag (e.g. `pt-BR`, `zh-Hans-CN`, `ar`) to a supported locale, or
 * null. Any Chinese tag maps to zh-CN, the only Chinese variant we ship; other tags match on their
 * primary language subtag.
 */
export function matchLocale(tag: string): Locale | null {
  const normalized = tag.trim().toLowerCase();
  if (normalized === '') return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === normalized);
  if (exact) return exact;
  const primary = normalized.split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-CN';
  return LOCALES.find((l) => l.toLowerCase() === primary) ?? null;
}

/** Picks the first supported locale from the browser's preference list, falling back to English. */
export function pickLocale(browserLanguages: readonly string[]): Locale {
  for (const tag of browserLanguages) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return SOURCE_LOCALE;
}
