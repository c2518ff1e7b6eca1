import { useEffect, useState } from 'react';
import { i18n } from '@lingui/core';
import { isLocale, type Locale } from '#domain/i18n/locales.ts';

/**
 * The console's texts live in their own catalog (locales/<l>/ops.po), loaded only here, on top of
 * the app's catalog for the same language: the user app never downloads them.
 */
const loaded = new Map<Locale, Promise<void>>();

function loadOpsCatalog(locale: Locale): Promise<void> {
  let loading = loaded.get(locale);
  if (!loading) {
    loading = import(`../../../../../locales/${locale}/ops.po`).then(({ messages }) => {
      // Merged into the language's messages: the app's catalog is activated first (activateLocale).
      i18n.load(locale, messages as Record<string, string>);
    });
    loaded.set(locale, loading);
    loading.catch(() => loaded.delete(locale));
  }
  return loading;
}

/** Whether the console's texts are in for the active language; loads them when it changes. */
export function useOpsCatalog(): boolean {
  const [ready, setReady] = useState<Locale | null>(null);
  const [locale, setLocale] = useState(i18n.locale);
  useEffect(() => i18n.on('change', () => setLocale(i18n.locale)), []);
  useEffect(() => {
    if (!isLocale(locale)) return;
    let current = true;
    void loadOpsCatalog(locale).then(() => {
      if (current) setReady(locale);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return ready !== null && ready === locale;
}
