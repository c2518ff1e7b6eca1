import type { Locale } from '../i18n/locales.ts';

/**
 * Which currency the approximate value of 1 XRP is shown in (docs/exchange-rate.md). The user's
 * choice on the device comes first; otherwise the currency of the region the browser's languages name
 * ("ar-EG" → EGP), then the usual currency of the app's language, then USD — the first of these the
 * operator's rate source carries. None carried: no value is shown.
 */

/** The currency each language's speakers most often use, when the browser names no region. */
export const LOCALE_CURRENCY: Record<Locale, string> = {
  'zh-CN': 'CNY',
  en: 'USD',
  ar: 'USD',
  id: 'IDR',
  fr: 'EUR',
  es: 'EUR',
  ru: 'RUB',
  tr: 'TRY',
  az: 'AZN',
  uk: 'UAH',
  pt: 'BRL',
};

/** Every currency a rate source is asked to carry: USD, and the currency of each language above. */
export const REQUIRED_CURRENCIES = [...new Set(['USD', ...Object.values(LOCALE_CURRENCY)])].sort();

const EURO = ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV'];
const EURO_MORE = ['MC', 'ME', 'MT', 'NL', 'PT', 'SI', 'SK', 'SM', 'VA', 'XK', 'AD'];

/** The currency of the regions where Earnest's languages are spoken (ISO 3166 → ISO 4217). */
export const REGION_CURRENCY: Readonly<Record<string, string>> = {
  ...Object.fromEntries([...EURO, ...EURO_MORE].map((region) => [region, 'EUR'])),
  // English
  US: 'USD',
  GB: 'GBP',
  AU: 'AUD',
  CA: 'CAD',
  NZ: 'NZD',
  IN: 'INR',
  NG: 'NGN',
  GH: 'GHS',
  KE: 'KES',
  ZA: 'ZAR',
  PH: 'PHP',
  PK: 'PKR',
  SG: 'SGD',
  // Chinese
  CN: 'CNY',
  HK: 'HKD',
  MO: 'MOP',
  TW: 'TWD',
  MY: 'MYR',
  // Arabic
  AE: 'AED',
  BH: 'BHD',
  DZ: 'DZD',
  EG: 'EGP',
  IQ: 'IQD',
  JO: 'JOD',
  KW: 'KWD',
  LB: 'LBP',
  LY: 'LYD',
  MA: 'MAD',
  OM: 'OMR',
  QA: 'QAR',
  SA: 'SAR',
  SD: 'SDG',
  SY: 'SYP',
  TN: 'TND',
  YE: 'YER',
  // Indonesian
  ID: 'IDR',
  // French
  CH: 'CHF',
  CI: 'XOF',
  SN: 'XOF',
  CM: 'XAF',
  CD: 'CDF',
  HT: 'HTG',
  // Spanish
  MX: 'MXN',
  AR: 'ARS',
  CO: 'COP',
  CL: 'CLP',
  PE: 'PEN',
  VE: 'VES',
  GT: 'GTQ',
  DO: 'DOP',
  BO: 'BOB',
  UY: 'UYU',
  PY: 'PYG',
  CR: 'CRC',
  // Russian, Ukrainian, Azerbaijani, Turkish
  RU: 'RUB',
  BY: 'BYN',
  KZ: 'KZT',
  KG: 'KGS',
  UZ: 'UZS',
  UA: 'UAH',
  AZ: 'AZN',
  TR: 'TRY',
  // Portuguese
  BR: 'BRL',
  AO: 'AOA',
  MZ: 'MZN',
  CV: 'CVE',
};

/** The region a language tag names ("ar-EG" → "EG", "zh-Hans-CN" → "CN"), or null. */
export function regionOf(tag: string): string | null {
  const region = tag.split(/[-_]/).find((part, index) => index > 0 && /^[A-Za-z]{2}$/.test(part));
  return region ? region.toUpperCase() : null;
}

/**
 * The currency to show 1 XRP in: `chosen` when the source carries it (null: the user chose not to
 * see one), else the first the source carries of the browser regions' currencies, the locale's and
 * USD. Null when none is carried.
 */
export function pickCurrency({
  chosen,
  languages,
  locale,
  carried,
}: {
  /** The user's own choice on this device: a code, 'none', or undefined when never chosen. */
  chosen: string | undefined;
  languages: readonly string[];
  locale: Locale;
  carried: ReadonlySet<string>;
}): string | null {
  if (chosen === 'none') return null;
  if (chosen !== undefined) return carried.has(chosen) ? chosen : null;
  const candidates = [
    ...languages.map(regionOf).flatMap((region) => {
      const currency = region ? REGION_CURRENCY[region] : undefined;
      return currency ? [currency] : [];
    }),
    LOCALE_CURRENCY[locale],
    'USD',
  ];
  return candidates.find((currency) => carried.has(currency)) ?? null;
}
