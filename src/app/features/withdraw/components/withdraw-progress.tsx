import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { WithdrawStatus } from '#contract/withdraw.ts';
import { waitedShare, waitLeft, type WaitLeft } from '#domain/withdraw/waiting.ts';
import { Card } from '#app/components/card.tsx';
import { formatDateTime, formatDaysHours } from '#app/lib/format.ts';
import { useServerNow } from '#app/lib/server-clock.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

/**
 * The withdrawal in progress as a countdown: days and hours left (floored, never below 0), a bar from
 * the request to the end, and the end's date (docs/product-rules.md#withdrawal-rules).
 */
export function WithdrawProgress({ status }: { status: WithdrawStatus }) {
  const { t } = useLingui();
  const now = useServerNow();
  if (status.status !== 1 || status.end_time === null) return null;
  const wait = waitLeft(status.end_time * 1000, now);
  const share =
    status.create_time === null ? 0 : waitedShare(status.create_time * 1000, status.end_time * 1000, now);
  const amount = <XrpAmount amount={status.amount ?? '0'} />;
  const end = <Isolate dir="auto">{formatDateTime(status.end_time)}</Isolate>;
  const reduced = status.reduced_hours;
  return (
    <Card data-testid="withdraw-progress">
      <p className="big-figure" data-testid="time-left">
        <TimeLeft wait={wait} />
      </p>
      <progress
        className="meter"
        max={1000}
        value={Math.round(share * 1000)}
        aria-label={t`Waiting period passed so far`}
      />
      {wait.kind === 'over' ? (
        // Past its end a payment can still wait (a refill of the payout wallet, an operator's check):
        // "around {end}" would be a date gone by.
        <p>
          <Trans>
            The waiting period ended on {end}. {amount} is sent next; if anything holds it, your withdrawal
            record below says why.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>
            {amount} will be sent to your exchange around {end}.
          </Trans>
        </p>
      )}
      {status.reduced_hours > 0 ? (
        <p className="muted">
          <Plural
            value={reduced}
            one="Ads have removed # hour so far."
            other="Ads have removed # hours so far."
          />
        </p>
      ) : null}
      <p className="muted">
        <Trans>
          It is marked successful only when the payment is final on the XRP Ledger. If it fails, the amount
          returns to your balance.
        </Trans>
      </p>
    </Card>
  );
}

/** The time left in words: days and hours, "less than an hour", or over; never an empty figure. */
export function TimeLeft({ wait }: { wait: WaitLeft }) {
  if (wait.kind === 'over') return <Trans>Waiting period over</Trans>;
  if (wait.kind === 'under_hour') return <Trans>Less than an hour left</Trans>;
  const left = formatDaysHours(wait);
  return <Trans>{left} left</Trans>;
}
