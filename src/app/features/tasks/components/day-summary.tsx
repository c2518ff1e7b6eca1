import { Plural, Trans } from '@lingui/react/macro';
import type { TaskList } from '#contract/tasks.ts';
import { Card } from '#app/components/card.tsx';
import { formatAmount, parseAmount } from '#domain/money/amount.ts';
import { formatClock, formatCount, formatXrp } from '#app/lib/format.ts';
import { useSecondsUntil } from '#app/lib/use-countdown.ts';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateMoney } from '#app/lib/query-keys.ts';

/** Today's progress, the balance, and when the day resets. */
interface DaySummaryProps {
  list: TaskList;
  balance: string | undefined;
  /** Server time minus device time: the server's clock decides the reset. */
  serverOffsetMs: number;
  /** What the route shows beside the balance (the approximate value of 1 XRP). */
  aside?: ReactNode;
}

export function DaySummary({ list, balance, serverOffsetMs, aside }: DaySummaryProps) {
  const left = useSecondsUntil(list.next_reset_time * 1000 - serverOffsetMs);
  const queryClient = useQueryClient();
  const dayOver = left === 0;
  // At the reset the day's list, offer and ad are another day's: read them again, or a screen left
  // open would keep offering yesterday's tasks, which the server no longer takes.
  useEffect(() => {
    if (dayOver) void invalidateMoney(queryClient);
  }, [dayOver, list.next_reset_time, queryClient]);
  const done = formatCount(list.completed);
  // The tasks the day holds: fewer than the rule's count when the catalog cannot fill the day.
  const total = list.tasks.length;
  // "6 of 20 XRP": the unit once, after what today's tasks pay together. The day's tasks are picked
  // within the daily cap, so that is the most today can pay; the cap itself may be more.
  const earned = <Isolate>{formatXrp(list.earned)}</Isolate>;
  const cap = <XrpAmount amount={formatAmount(sumOfRewards(list.tasks))} />;
  const resetIn = formatClock(left);
  return (
    <Card className="day-summary">
      <div className="day-summary-row">
        <div>
          <p className="muted">
            <Trans>Balance</Trans>
          </p>
          <p className="day-balance" data-testid="home-balance">
            {balance === undefined ? '…' : <XrpAmount amount={balance} />}
          </p>
        </div>
        <p className="reset-in" data-testid="reset-countdown">
          <Trans>Tasks reset in {resetIn}</Trans>
        </p>
      </div>
      {aside}
      <progress
        className="meter"
        max={Math.max(1, list.tasks.length)}
        value={list.completed}
        aria-labelledby="day-progress"
      />
      <p className="muted" id="day-progress" data-testid="day-progress">
        <Trans>
          {done} of <Plural value={total} one="# task done" other="# tasks done" /> · {earned} of {cap} today
        </Trans>
      </p>
    </Card>
  );
}

function sumOfRewards(tasks: TaskList['tasks']): bigint {
  return tasks.reduce((sum, task) => sum + (parseAmount(task.reward) ?? 0n), 0n);
}
