import { i18n } from '@lingui/core';
import { directionOf, isLocale, pickLocale, type Locale } from '#domain/i18n/locales.ts';

/** Where the device keeps the language its user chose (also read by the prerendered page's boot script). */
export const LOCALE_STORAGE_KEY = 'earnest.locale';

/** The language this device chose before, or the browser's first supported one (fallback English). */
export function initialLocale(): Locale {
  const stored = readStored();
  return stored ?? pickLocale(navigator.languages.length ? navigator.languages : [navigator.language]);
}

/** Whether the user (not the browser) chose a language on this device. */
export function hasStoredLocale(): boolean {
  return readStored() !== null;
}

function readStored(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Loads one catalog on demand and activates it (the build's prerender uses it too: no DOM here). */
export async function loadLocale(locale: Locale): Promise<void> {
  const { messages } = (await import(`../../../locales/${locale}/messages.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

/** Loads one catalog on demand, activates it and sets the page's language and direction. */
export async function activateLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  await loadLocale(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  if (remember) {
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Private mode without storage: the choice lasts for this visit.
    }
  }
}

export { i18n };
