import { Trans, useLingui } from '@lingui/react/macro';
import type { WithdrawStatus } from '#contract/withdraw.ts';
import { remainingDaysHours, waitedShare } from '#domain/withdraw/waiting.ts';
import { Card } from '#app/components/card.tsx';
import { formatCount, formatDateTime, formatDaysHours } from '#app/lib/format.ts';
import { useNow } from '#app/lib/use-countdown.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

/**
 * The withdrawal in progress as a countdown: days and hours left (floored, never below 0), a bar from
 * the request to the end, and the end's date (docs/product-rules.md#withdrawal-rules).
 */
export function WithdrawProgress({ status }: { status: WithdrawStatus }) {
  const { t } = useLingui();
  const now = useNow();
  if (status.status !== 1 || status.end_time === null) return null;
  const left = formatDaysHours(remainingDaysHours(status.end_time * 1000, now));
  const share =
    status.create_time === null ? 0 : waitedShare(status.create_time * 1000, status.end_time * 1000, now);
  const amount = <XrpAmount amount={status.amount ?? '0'} />;
  const end = <Isolate dir="auto">{formatDateTime(status.end_time)}</Isolate>;
  const reduced = formatCount(status.reduced_hours);
  return (
    <Card data-testid="withdraw-progress">
      <p className="big-figure" data-testid="time-left">
        <Trans>{left} left</Trans>
      </p>
      <progress
        className="meter"
        max={1000}
        value={Math.round(share * 1000)}
        aria-label={t`Waiting period passed so far`}
      />
      <p>
        <Trans>
          {amount} will be sent to your exchange around {end}.
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
