import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales.ts';
import { LOCALE_CURRENCY, pickCurrency, regionOf, REQUIRED_CURRENCIES } from './currency.ts';

const ALL = new Set(['USD', 'EUR', 'CNY', 'EGP', 'SAR', 'IDR', 'RUB', 'TRY', 'AZN', 'UAH', 'BRL', 'MXN']);

describe('the currency beside XRP', () => {
  it('follows the region the browser names, then the language, then USD', () => {
    const pick = (languages: string[], locale: (typeof LOCALES)[number], carried = ALL) =>
      pickCurrency({ chosen: undefined, languages, locale, carried });
    expect(pick(['ar-EG', 'ar'], 'ar')).toBe('EGP');
    expect(pick(['ar-SA'], 'ar')).toBe('SAR');
    expect(pick(['ar'], 'ar')).toBe('USD');
    expect(pick(['zh-Hans-CN'], 'zh-CN')).toBe('CNY');
    expect(pick(['es-MX'], 'es')).toBe('MXN');
    expect(pick(['es'], 'es')).toBe('EUR');
    // A region whose currency the source does not carry falls through to the language's.
    expect(pick(['es-CO'], 'es')).toBe('EUR');
    expect(pick(['pt-PT'], 'pt')).toBe('EUR');
    expect(pick(['pt'], 'pt')).toBe('BRL');
    expect(pick(['de-DE'], 'en')).toBe('EUR');
    expect(pick(['tr-TR'], 'tr', new Set(['USD']))).toBe('USD');
    expect(pick(['tr-TR'], 'tr', new Set(['EUR']))).toBeNull();
  });

  it("keeps the user's own choice, including none, and shows nothing when the source lost it", () => {
    const base = { languages: ['en-US'], locale: 'en' as const, carried: ALL };
    expect(pickCurrency({ ...base, chosen: 'BRL' })).toBe('BRL');
    expect(pickCurrency({ ...base, chosen: 'none' })).toBeNull();
    expect(pickCurrency({ ...base, chosen: 'JPY' })).toBeNull();
  });

  it('asks the source for USD and for the currency of every language', () => {
    for (const locale of LOCALES) expect(REQUIRED_CURRENCIES).toContain(LOCALE_CURRENCY[locale]);
    expect(REQUIRED_CURRENCIES).toEqual(['AZN', 'BRL', 'CNY', 'EUR', 'IDR', 'RUB', 'TRY', 'UAH', 'USD']);
  });

  it('reads the region of a language tag', () => {
    expect(regionOf('ar-EG')).toBe('EG');
    expect(regionOf('zh-Hans-CN')).toBe('CN');
    expect(regionOf('en_gb')).toBe('GB');
    expect(regionOf('fr')).toBeNull();
    expect(regionOf('es-419')).toBeNull();
  });
});
