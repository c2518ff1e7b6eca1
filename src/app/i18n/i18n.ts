import { i18n, type Messages } from '@lingui/core';
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

/*
 * A language's texts come in two catalogs (lingui.config.ts): the first screen's (the entry page and
 * the app's frame) and every other screen's. The first screen loads only its own; the router loads
 * the rest before it shows any other screen (loadEveryScreen), and from then on a language is
 * activated with both.
 */
let everyScreen = false;
/** Per language, the one object its catalogs are merged into (the console merges its own in too). */
const catalogs = new Map<Locale, { messages: Messages; everyScreen: boolean }>();

async function messagesOf(locale: Locale): Promise<Messages> {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    const { messages } = (await import(`../../../locales/${locale}/first-screen.po`)) as {
      messages: Messages;
    };
    catalog = { messages: { ...messages }, everyScreen: false };
    catalogs.set(locale, catalog);
  }
  if (everyScreen && !catalog.everyScreen) {
    const { messages } = (await import(`../../../locales/${locale}/messages.po`)) as {
      messages: Messages;
    };
    Object.assign(catalog.messages, messages);
    catalog.everyScreen = true;
  }
  return catalog.messages;
}

// One change of language or of catalogs at a time, in the order asked.
let queue: Promise<unknown> = Promise.resolve();
function inTurn(task: () => Promise<void>): Promise<void> {
  const done = queue.then(task);
  queue = done.catch(() => undefined);
  return done;
}

/** Loads a language's catalogs on demand and activates it (the build's prerender uses it too: no DOM here). */
export function loadLocale(locale: Locale): Promise<void> {
  return inTurn(() => load(locale));
}

async function load(locale: Locale): Promise<void> {
  i18n.loadAndActivate({ locale, messages: await messagesOf(locale) });
}

/** Loads a language's catalogs on demand, activates it and sets the page's language and direction. */
export function activateLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  return inTurn(async () => {
    await load(locale);
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
    if (remember) {
      try {
        localStorage.setItem(LOCALE_STORAGE_KEY, locale);
      } catch {
        // Private mode without storage: the choice lasts for this visit.
      }
    }
  });
}

/** Loads every screen's texts for the active language (and for each language activated from now on). */
export function loadEveryScreen(): Promise<void> {
  return inTurn(async () => {
    everyScreen = true;
    if (!isLocale(i18n.locale)) return;
    const before = catalogs.get(i18n.locale)?.everyScreen;
    const messages = await messagesOf(i18n.locale);
    // Merged into the active language's messages: re-render what shows them.
    if (!before) i18n.load(i18n.locale, messages);
  });
}

export { i18n };
