import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '#domain/i18n/locales.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { xrpRateQueryOptions } from '../api/rates-queries.ts';
import { useChosenCurrency } from '../currency-choice.ts';
import { shownPrice } from '../shown-price.ts';

/**
 * "1 XRP ≈ $2.13 (CoinGecko price, 14:05)": the approximate value of 1 XRP in the user's currency, with
 * its source and the time of the quote (docs/exchange-rate.md). Nothing at all when no fresh price is
 * known: never a constant, never an old price shown as today's.
 */
export function XrpPrice({ className = '' }: { className?: string }) {
  const { i18n } = useLingui();
  const rate = useQuery(xrpRateQueryOptions());
  const chosen = useChosenCurrency();
  const nowMs = useNowUntil(rate.data ? rate.data.fresh_until * 1000 : null);
  const shown = shownPrice(rate.data, {
    chosen,
    languages: navigator.languages,
    locale: i18n.locale as Locale,
    nowMs,
  });
  if (!shown) return null;
  const oneXrp = <XrpAmount amount="1" />;
  const price = <Isolate dir="auto">{formatPrice(shown.price, shown.currency, i18n.locale)}</Isolate>;
  const source = <Isolate dir="auto">{shown.source}</Isolate>;
  const when = <Isolate dir="auto">{formatQuoteTime(shown.time, i18n.locale)}</Isolate>;
  return (
    <p className={`xrp-price ${className}`.trim()} data-testid="xrp-price" data-currency={shown.currency}>
      <Trans>
        {oneXrp} ≈ {price} ({source} price, {when})
      </Trans>
    </p>
  );
}

/**
 * The time now, read again when `untilMs` passes (the price must disappear then, also on a screen left
 * open). A price restored from the offline cache after its time is hidden at once.
 */
function useNowUntil(untilMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (untilMs === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, untilMs - Date.now() + 1000));
    return () => clearTimeout(timer);
  }, [untilMs]);
  return now;
}

/**
 * A price in a currency for the locale, from its exact decimal string: the currency's usual decimals
 * for a price of 1 or more ("$2.13", "¥330"), three significant digits below 1 ("$0.0123").
 */
function formatPrice(price: string, currency: string, locale: string): string {
  const atLeastOne = /^0*[1-9]/.test(price);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    ...(atLeastOne ? {} : { maximumSignificantDigits: 3 }),
  }).format(price as Intl.StringNumericLiteral);
}

/** The quote's time: the hour alone today, the date too otherwise. */
function formatQuoteTime(epochSeconds: number, locale: string): string {
  const date = new Date(epochSeconds * 1000);
  if (date.toDateString() !== new Date().toDateString()) return formatDateTime(epochSeconds);
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date);
}
