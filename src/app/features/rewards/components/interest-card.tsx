import { useRef, type RefObject } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { DailyReward } from '#contract/rewards.ts';
import type { Task } from '#contract/tasks.ts';
import { formatAmount, parseAmount } from '#domain/money/amount.ts';
import { dailyInterest } from '#domain/rewards/interest.ts';
import { parsePercent } from '#domain/rules/product-rules.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { CheckIcon, CloseIcon, InfoIcon } from '#app/components/icons.tsx';
import { formatCount, formatDateTime, formatPercent } from '#app/lib/format.ts';
import type { QueuedAction } from '#contract/sync.ts';
import { usePendingActions, waitingCompletionIds } from '#app/pwa/sync-queue.ts';
import { useClaimInterest } from '../api/rewards-queries.ts';
import { useClaim } from './use-claim.ts';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { useFocusHandOff } from '#app/lib/focus-hand-off.ts';

/**
 * Daily interest: the exact amount (7 decimals, docs/product-rules.md#money-units), what claiming needs with the user's own
 * progress (docs/product-rules.md#no-hidden-conditions), and the claim itself, which sends the amount shown so the server credits exactly it.
 */
export function InterestCard({
  reward,
  balance,
  tasks,
  day,
}: {
  reward: DailyReward;
  balance: string | undefined;
  tasks: readonly Pick<Task, 'id' | 'reward'>[];
  /** The day `tasks` are offered on: only completions of that day's runs count toward its interest. */
  day: string;
}) {
  const { t } = useLingui();
  const claim = useClaimInterest();
  const { error, claim: claimWith } = useClaim();
  const heading = useRef<HTMLHeadingElement>(null);
  // Completions waiting to sync count toward the condition, so the claim can wait in line behind them
  // (the queue keeps their order); the server still checks it when they arrive.
  const pending = usePendingActions();
  const waitingTaskIds = waitingCompletionIds(pending, day);
  const claimWaiting = pending.some((action) => action.kind === 'interest.claim');
  // Around midnight the two answers may speak of two days: then the list's waiting completions are
  // another day's, and this day's count is the server's alone.
  const sameDay = reward.day === undefined || reward.day === day;
  const waitingTasks = sameDay ? tasks.filter((task) => waitingTaskIds.has(task.id)) : [];
  // Every other credit waiting to sync goes to the server before a claim made now, and raises the
  // balance the server works the interest out on: a gift claim (its amount is known), or a
  // completion of another day (its reward is not on this list). The offer counts the first; the
  // second makes the claim wait until it synced, or the claim would be refused as changed.
  const otherCredits = waitingCredits(pending, day);
  const { amount: offered, on } = offeredAmount(reward, balance, waitingTasks, otherCredits.known);
  // Shown to the drop, trailing zeros trimmed: exactly what the claim credits (docs/product-rules.md#money-units).
  const amount = <XrpAmount amount={offered} />;
  const rate = formatPercent(reward.annual_rate);
  // The count and the tick agree: both include the tasks waiting to sync, and the card says how many.
  const done = formatCount(reward.today_tasks + waitingTasks.length);
  // What the day holds, which may be fewer than the rule's count (a server of the release before
  // sends only the rule's).
  const dayTasks = reward.day_tasks ?? reward.tasks_per_day;
  const total = formatCount(dayTasks);
  const tasksDone = reward.today_tasks + waitingTasks.length >= dayTasks;
  const canClaim =
    tasksDone && reward.address_set && !reward.claimed_today && !claimWaiting && !otherCredits.unknown;

  const onClaim = () =>
    claimWith(
      () => claim.mutateAsync(offered),
      (credited) => t`Interest claimed: ${credited}`,
    );

  return (
    <Card className="interest-card" data-testid="interest-card">
      <h2 ref={heading}>
        <Trans>Daily interest</Trans>
      </h2>
      {reward.claimed_today ? (
        <ClaimedToday next={reward.next_claim_time} />
      ) : (
        <p className="interest-amount" data-testid="interest-amount">
          <Trans>
            {amount} today, at {rate} a year
          </Trans>
        </p>
      )}
      {on === null ? null : <WorkedOutOn balance={on} />}
      <ul className="checklist">
        {/* Done only once the server confirmed (docs/product-rules.md#sync-rule): finished tasks still
            waiting to sync are the user's, not yet credited, and the balance card does not count them. */}
        <li className={tasksDone ? (waitingTasks.length > 0 ? 'is-waiting' : 'is-met') : 'is-unmet'}>
          {tasksDone ? waitingTasks.length > 0 ? <InfoIcon /> : <CheckIcon /> : <CloseIcon />}
          <span>
            {tasksDone && waitingTasks.length > 0 ? (
              <Trans>
                You finished all of today's tasks ({done}/{total}).
              </Trans>
            ) : tasksDone ? (
              <Trans>
                All of today's tasks done ({done}/{total})
              </Trans>
            ) : (
              <Trans>
                Finish all of today's tasks ({done}/{total})
              </Trans>
            )}
            {waitingTasks.length > 0 ? (
              <>
                {' '}
                <Plural
                  value={waitingTasks.length}
                  one="# of them is waiting to sync."
                  other="# of them are waiting to sync."
                />
              </>
            ) : null}
          </span>
        </li>
        <li className={reward.address_set ? 'is-met' : 'is-unmet'}>
          {reward.address_set ? <CheckIcon /> : <CloseIcon />}
          <span>
            {reward.address_set ? (
              <Trans>Withdrawal address saved</Trans>
            ) : (
              <Link to="/home/withdraw" className="text-link">
                <Trans>Save a withdrawal address</Trans>
              </Link>
            )}
          </span>
        </li>
      </ul>
      <p className="muted" data-testid="interest-rule">
        <Trans>
          Daily interest is your balance × the annual rate ÷ 365, rounded down to 0.000001 XRP (one drop, the
          smallest amount the XRP Ledger pays).
        </Trans>
      </p>
      <p>
        <Link to="/guide/interest" className="text-link" data-testid="interest-guide-link">
          <Trans>How interest is computed, with an example</Trans>
        </Link>
      </p>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      {otherCredits.unknown && !reward.claimed_today && !claimWaiting ? (
        <p className="waiting-note" data-testid="interest-after-sync">
          <Trans>
            Actions saved on this device must sync first: the interest is worked out on the balance they
            bring.
          </Trans>
        </p>
      ) : null}
      {claimWaiting ? (
        <p className="waiting-note" data-testid="interest-waiting">
          <Trans>Your claim is waiting to sync. It is credited once the server confirms it.</Trans>
        </p>
      ) : null}
      {reward.claimed_today ? null : (
        <ClaimButton onClaim={onClaim} disabled={!canClaim || claim.isPending} heading={heading} />
      )}
    </Card>
  );
}

/**
 * Claimed, the button goes and the card says so under its heading: the focus goes there, to the
 * heading, not to the top of the page.
 */
function ClaimButton({
  onClaim,
  disabled,
  heading,
}: {
  onClaim: () => Promise<void>;
  disabled: boolean;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const button = useFocusHandOff<HTMLButtonElement>(() => heading.current);
  return (
    <Button block onClick={() => void onClaim()} disabled={disabled} ref={button}>
      <Trans>Claim interest</Trans>
    </Button>
  );
}

/**
 * The amount the claim asks for, and the balance it was worked out on when that is not the balance
 * shown. While task completions wait to sync, the server will compute the interest on the balance
 * they raise, so the offer is computed the same way (the same domain rule): the amount shown is still
 * the amount credited, or the claim is refused as changed — never more.
 */
function offeredAmount(
  reward: DailyReward,
  balance: string | undefined,
  waitingTasks: readonly Pick<Task, 'reward'>[],
  otherCredits: bigint,
): { amount: string; on: string | null } {
  const current = balance === undefined ? null : parseAmount(balance);
  const rateBp = parsePercent(reward.annual_rate);
  const nothingWaits = waitingTasks.length === 0 && otherCredits === 0n;
  if (nothingWaits || current === null || rateBp === null || reward.claimed_today) {
    return { amount: reward.daily_reward, on: null };
  }
  const raised = waitingTasks.reduce(
    (sum, task) => sum + (parseAmount(task.reward) ?? 0n),
    current + otherCredits,
  );
  return { amount: formatAmount(dailyInterest(raised, rateBp)), on: formatAmount(raised) };
}

/**
 * The credits waiting to sync besides `day`'s task completions: the sum of those whose amount is
 * known (a gift claim names the amount it was shown), and whether any is not (a completion of another
 * day, or a gift claim of an app that named no amount).
 */
function waitingCredits(pending: readonly QueuedAction[], day: string): { known: bigint; unknown: boolean } {
  let known = 0n;
  let unknown = false;
  for (const action of pending) {
    if (action.kind === 'gift.claim') {
      const amount = typeof action.body['amount'] === 'string' ? parseAmount(action.body['amount']) : null;
      if (amount === null) unknown = true;
      else known += amount;
    } else if (action.kind === 'task.complete') {
      const named = action.body['day'];
      if (typeof named === 'string' && named !== day) unknown = true;
    }
  }
  return { known, unknown };
}

/** Says which balance the amount was worked out on, when it counts tasks waiting to sync. */
function WorkedOutOn({ balance }: { balance: string }) {
  const on = <XrpAmount amount={balance} />;
  return (
    <p className="muted" data-testid="interest-worked-out-on">
      <Trans>Worked out on {on}: your balance once what is waiting to sync is credited.</Trans>
    </p>
  );
}

function ClaimedToday({ next }: { next: number }) {
  const when = <Isolate dir="auto">{formatDateTime(next)}</Isolate>;
  return (
    <p className="muted">
      <Trans>Claimed today. The next claim opens {when}.</Trans>
    </p>
  );
}
