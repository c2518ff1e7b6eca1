import { Trans } from '@lingui/react/macro';
import type { TaskList } from '#contract/tasks.ts';
import { Card } from '#app/components/card.tsx';
import { formatClock, formatCount, formatXrp } from '#app/lib/format.ts';
import { useSecondsUntil } from '#app/lib/use-countdown.ts';

/** Today's progress, the balance, and when the day resets. */
interface DaySummaryProps {
  list: TaskList;
  balance: string | undefined;
  /** Server time minus device time: the server's clock decides the reset. */
  serverOffsetMs: number;
}

export function DaySummary({ list, balance, serverOffsetMs }: DaySummaryProps) {
  const left = useSecondsUntil(list.next_reset_time * 1000 - serverOffsetMs);
  const done = formatCount(list.completed);
  const total = formatCount(list.tasks_per_day);
  const earned = formatXrp(list.earned);
  const cap = formatXrp(list.daily_cap);
  const resetIn = formatClock(left);
  const shownBalance = balance === undefined ? '…' : formatXrp(balance);
  return (
    <Card className="day-summary">
      <div className="day-summary-row">
        <div>
          <p className="muted">
            <Trans>Balance</Trans>
          </p>
          <p className="day-balance" data-testid="home-balance">
            <bdi>{shownBalance}</bdi> XRP
          </p>
        </div>
        <p className="reset-in" data-testid="reset-countdown">
          <Trans>Tasks reset in {resetIn}</Trans>
        </p>
      </div>
      <progress
        className="meter"
        max={list.tasks_per_day}
        value={list.completed}
        aria-labelledby="day-progress"
      />
      <p className="muted" id="day-progress" data-testid="day-progress">
        <Trans>
          {done} of {total} tasks done · {earned} of {cap} XRP today
        </Trans>
      </p>
    </Card>
  );
}
