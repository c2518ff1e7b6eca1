import { describe, expect, it } from 'vitest';
import { directionOf, matchLocale, pickLocale } from './locales.ts';

describe('locale choice', () => {
  it('takes the first supported browser language', () => {
    expect(pickLocale(['de-DE', 'pt-BR', 'en'])).toBe('pt');
    expect(pickLocale(['ar-EG'])).toBe('ar');
    expect(pickLocale(['zh-Hans-CN'])).toBe('zh-CN');
    expect(pickLocale(['zh-TW'])).toBe('zh-CN');
    expect(pickLocale(['UK'])).toBe('uk');
  });

  it('falls back to English', () => {
    expect(pickLocale([])).toBe('en');
    expect(pickLocale(['de', 'ja'])).toBe('en');
    expect(matchLocale('')).toBeNull();
  });

  it('writes Arabic right to left and nothing else', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('zh-CN')).toBe('ltr');
  });
});
