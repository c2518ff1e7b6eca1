import { i18n } from '@lingui/core';
import { DROP_DECIMALS } from '#domain/money/amount.ts';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/**
 * One formatter per locale and options, made on first use: making one costs about forty times
 * formatting with it, and a screen formats dozens of amounts (a countdown, every second).
 */
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n ${i18n.locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(i18n.locale, options)));
  return format as Intl.NumberFormat;
}

// The zone times are shown in: the device's own, or in a server render the one the device named
// (src/app/prerender.tsx), so that the page the server sends shows what the app will. A render's
// formatters in its zone are its own: kept for every zone a cookie could name, they would pile up.
let timeZone: string | undefined;
let zoned = new Map<string, Intl.DateTimeFormat>();

/** Shows times in `zone` from now on; undefined for the device's own. */
export function showTimesIn(zone: string | undefined): void {
  timeZone = zone;
  zoned = new Map();
}

function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const inZone = timeZone !== undefined && options.timeZone === undefined;
  const cache = inZone ? zoned : formatters;
  const key = `d ${i18n.locale} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(i18n.locale, inZone ? { ...options, timeZone } : options);
    cache.set(key, format);
  }
  return format as Intl.DateTimeFormat;
}

/**
 * Formats an exact decimal string of XRP for the current locale without passing through a float:
 * Intl.NumberFormat formats decimal strings exactly. Amounts are whole drops, so six decimals show every
 * digit; trailing zeros are trimmed ("150.020547", "0.5", "30").
 */
export function formatXrp(amount: string, { maxDecimals = DROP_DECIMALS, minDecimals = 0 } = {}): string {
  const format = numberFormat({
    minimumFractionDigits: minDecimals,
    maximumFractionDigits: maxDecimals,
    roundingMode: 'trunc',
  });
  return format.format(amount as Intl.StringNumericLiteral);
}

/** A percent given as a decimal string ("5", "6.5"), for the current locale. */
export function formatPercent(percent: string): string {
  const format = numberFormat({ style: 'percent', maximumFractionDigits: 2 });
  // Percent style multiplies by 100; dividing an exact decimal by 100 is a shift of the point.
  return format.format(`${percent}E-2` as Intl.StringNumericLiteral);
}

export function formatCount(n: number): string {
  return numberFormat({}).format(n);
}

export function formatDateTime(epochSeconds: number): string {
  return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochSeconds * 1000));
}

/** The day of the week of a calendar day (YYYY-MM-DD), in the width asked for. */
export function formatWeekday(day: string, width: 'long' | 'short' | 'narrow'): string {
  return dateTimeFormat({ weekday: width, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** A number of seconds as a duration in words for the current locale ("30 seconds"). */
export function formatSeconds(seconds: number): string {
  return numberFormat({ style: 'unit', unit: 'second', unitDisplay: 'long' }).format(seconds);
}

/**
 * A number of days as a duration in words for the current locale ("1 day", "30 days", "21 день",
 * "5 дней", "يومان"): the noun agrees with the number in every language, from the browser's own
 * data, with no translated string. The form is the one a number has on its own (nominative), so a
 * sentence puts it where that form is right: "a waiting period of {period}" is "период ожидания в
 * {period}", "فترة انتظار مدتها {period}".
 */
export function formatDays(days: number): string {
  return numberFormat({ style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}

/** A countdown as H:MM:SS in the current locale's digits, or M:SS under an hour ("0:03", not "0:00:03"). */
export function formatClock(totalSeconds: number): string {
  const two = numberFormat({ minimumIntegerDigits: 2, useGrouping: false });
  const one = numberFormat({ useGrouping: false });
  const s = Math.max(0, Math.floor(totalSeconds));
  const minutesAndSeconds = `${two.format(Math.floor((s % 3600) / 60))}:${two.format(s % 60)}`;
  if (s < 3600) return `${one.format(Math.floor(s / 60))}:${two.format(s % 60)}`;
  return `${one.format(Math.floor(s / 3600))}:${minutesAndSeconds}`;
}

/**
 * Days and hours left, for the current locale ("29 days, 23 hr", "29天23小时"), without a translated
 * string: Intl.DurationFormat where the browser has it, else two unit numbers.
 */
export function formatDaysHours({ days, hours }: { days: number; hours: number }): string {
  if (typeof Intl.DurationFormat === 'function') {
    return new Intl.DurationFormat(i18n.locale, { style: 'short' }).format(
      days > 0 ? { days, hours } : { hours },
    );
  }
  const unit = (value: number, name: 'day' | 'hour') =>
    numberFormat({ style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  return days > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(hours, 'hour');
}
