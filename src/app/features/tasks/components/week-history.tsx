import { Trans, useLingui } from '@lingui/react/macro';
import { Card } from '#app/components/card.tsx';
import { formatCount } from '#app/lib/format.ts';

interface Day {
  day: string;
  weekday: number;
  count: number;
}

/** Tasks done on each of the last seven days, by day of the week. */
export function WeekHistory({ days, perDay }: { days: Day[]; perDay: number }) {
  const { i18n } = useLingui();
  const weekday = new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', timeZone: 'UTC' });
  return (
    <Card className="week-history">
      <h2>
        <Trans>Tasks this week</Trans>
      </h2>
      <ol className="week-bars">
        {days.map((d) => {
          const name = weekday.format(new Date(`${d.day}T12:00:00Z`));
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
              <span className="week-day">{name}</span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
