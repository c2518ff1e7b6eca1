import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { formatCount } from './format.ts';

/**
 * How much the daily ad shortens the wait, as the server's settings say: "by 12 to 24 hours", or "by
 * 12 hours" when the operator set one number. One message for every sentence that says it, so that
 * each language words it once: the noun agrees with the last number ("на 12–24 часа", "на 5–11
 * часов"), as a range is read.
 */
export function adReduction(i18n: I18n, minHours: number, maxHours: number): string {
  if (minHours === maxHours) {
    return i18n._(
      msg({
        comment:
          'How much the daily ad shortens the wait, put after "shortens the wait" in several sentences. Include the word for "by" if your language needs one.',
        message: plural(maxHours, { one: 'by # hour', other: 'by # hours' }),
      }),
    );
  }
  const fewest = formatCount(minHours);
  return i18n._(
    msg({
      comment:
        'How much the daily ad shortens the wait, a range of hours put after "shortens the wait" in several sentences. Include the word for "by" if your language needs one; make the noun agree with the last number.',
      message: plural(maxHours, { one: `by ${fewest} to # hour`, other: `by ${fewest} to # hours` }),
    }),
  );
}
