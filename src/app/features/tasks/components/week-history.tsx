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
          return (
            <li key={d.day}>
              <span className="week-count">{count}</span>
              <span className="week-bar" aria-hidden="true">
                <span style={{ blockSize: `${Math.min(100, (d.count / Math.max(1, perDay)) * 100)}%` }} />
              </span>
              <span className="week-day">{name}</span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
