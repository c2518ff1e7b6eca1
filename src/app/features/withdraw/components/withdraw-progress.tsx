import { Trans } from '@lingui/react/macro';
import type { WithdrawStatus } from '#contract/withdraw.ts';
import { remainingHours } from '#domain/withdraw/waiting.ts';
import { Card } from '#app/components/card.tsx';
import { formatCount, formatDateTime, formatXrp } from '#app/lib/format.ts';
import { useNow } from '#app/lib/use-countdown.ts';

/** The withdrawal in progress: amount, hours left (floored, never below 0) and the end. */
export function WithdrawProgress({ status }: { status: WithdrawStatus }) {
  const now = useNow();
  if (status.status !== 1 || status.end_time === null) return null;
  const hours = formatCount(remainingHours(status.end_time * 1000, now));
  const amount = formatXrp(status.amount ?? '0');
  const end = formatDateTime(status.end_time);
  const reduced = formatCount(status.reduced_hours);
  return (
    <Card data-testid="withdraw-progress">
      <p className="big-figure" data-testid="hours-left">
        <Trans>{hours} hours left</Trans>
      </p>
      <p>
        <Trans>
          {amount} XRP will be sent to your exchange around {end}.
        </Trans>
      </p>
      {status.reduced_hours > 0 ? (
        <p className="muted">
          <Trans>Ads have removed {reduced} hours so far.</Trans>
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
