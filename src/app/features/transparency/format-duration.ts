import { i18n } from '@lingui/core';

/**
 * A measured time for the current locale, to the hour once it is a day or more ("29 days, 4 hr"), to
 * the minute below ("3 hr, 12 min"): no translated string, Intl.DurationFormat where the browser has
 * it, else unit numbers.
 */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  const parts: { days?: number; hours?: number; minutes?: number } =
    days > 0 ? { days, hours } : hours > 0 ? { hours, minutes } : { minutes };
  if (typeof Intl.DurationFormat === 'function') {
    return new Intl.DurationFormat(i18n.locale, { style: 'short' }).format(parts);
  }
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  return Object.entries(parts)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => unit(value, name === 'days' ? 'day' : name === 'hours' ? 'hour' : 'minute'))
    .join(' ');
}
