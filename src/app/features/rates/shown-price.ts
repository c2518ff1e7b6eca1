import type { XrpRate } from '#contract/rates.ts';
import type { Locale } from '#domain/i18n/locales.ts';
import { pickCurrency } from '#domain/rates/currency.ts';

/** What is shown of the price of 1 XRP, or null: nothing is shown. */
export interface ShownPrice {
  currency: string;
  /** Exact decimal string, as the source quoted it. */
  price: string;
  source: string;
  /** When the source quoted it, in seconds since the epoch. */
  time: number;
  /** When it stops being shown, in milliseconds since the epoch. */
  hideAtMs: number;
}

/**
 * The price to show now, in the user's currency: none without a rate, once the rate's fresh_until has
 * passed (a price kept for offline use included), or when the source does not carry the currency.
 */
export function shownPrice(
  rate: XrpRate | null | undefined,
  {
    chosen,
    languages,
    locale,
    nowMs,
  }: { chosen: string | undefined; languages: readonly string[]; locale: Locale; nowMs: number },
): ShownPrice | null {
  if (!rate || nowMs > rate.fresh_until * 1000) return null;
  const currency = pickCurrency({ chosen, languages, locale, carried: new Set(Object.keys(rate.prices)) });
  const price = currency === null ? undefined : rate.prices[currency];
  if (currency === null || price === undefined) return null;
  return { currency, price, source: rate.source, time: rate.time, hideAtMs: rate.fresh_until * 1000 };
}
