import type { Locale } from '#domain/i18n/locales.ts';

/** Each language in its own name: a reader finds their language whatever the screen shows now. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  ar: 'العربية',
  id: 'Bahasa Indonesia',
  fr: 'Français',
  es: 'Español',
  ru: 'Русский',
  tr: 'Türkçe',
  az: 'Azərbaycan dili',
  uk: 'Українська',
  pt: 'Português',
};
