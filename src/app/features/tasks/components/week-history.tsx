import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Card } from '#app/components/card.tsx';
import { formatCount, formatWeekday } from '#app/lib/format.ts';

interface Day {
  day: string;
  weekday: number;
  count: number;
}

/**
 * A day's column fits a short name of about four letters. Where the short names are whole words
 * (Arabic's are: الخميس), they ran into each other; there the narrowest form shows instead.
 */
const SHORT_NAME_MAX = 4;

/** Tasks done on each of the last seven days, by day of the week (each read out by its full name). */
export function WeekHistory({ days, perDay }: { days: Day[]; perDay: number }) {
  // The names are in the language shown: a change of language draws them again.
  useLingui();
  const shortNames = days.map((d) => formatWeekday(d.day, 'short'));
  const compact = shortNames.some((name) => name.length > SHORT_NAME_MAX);
  return (
    <Card className="week-history">
      <h2>
        <Trans>Tasks in the last 7 days</Trans>
      </h2>
      <ol className="week-bars">
        {days.map((d, i) => {
          const shown = compact ? formatWeekday(d.day, 'narrow') : shortNames[i];
          const count = formatCount(d.count);
          const filled = Math.min(100, (d.count / Math.max(1, perDay)) * 100);
          return (
            <li key={d.day}>
              <span className="week-count">{count}</span>
              {/* Drawn with the graphic's own attributes, not a style attribute: a Home the server
                  rendered (docs/decisions/012-home-rendered-with-the-accounts-data.md) is under a
                  Content Security Policy that refuses inline styles in its markup. */}
              <svg className="week-bar" viewBox="0 0 1 100" preserveAspectRatio="none" aria-hidden="true">
                <rect x="0" y={100 - filled} width="1" height={filled} />
              </svg>
              <span className="week-day">
                <span aria-hidden="true">{shown}</span>
                <span className="sr-only">{formatWeekday(d.day, 'long')}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
