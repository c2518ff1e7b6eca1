import { Plural, Trans } from '@lingui/react/macro';
import type { TransparencySummary } from '#contract/transparency.ts';
import { formatDuration } from '../format-duration.ts';
import { Term } from '#app/components/term.tsx';

/**
 * Measured payout time beside the stated waiting period: the median and the 90th percentile of real
 * payouts of the last 30 days, with and without the ad's reductions, or "not enough data yet"
 * (docs/transparency.md#measured-payout-time).
 */
export function PayoutTimes({ summary }: { summary: TransparencySummary }) {
  const days = summary.waiting_days;
  const window = summary.window_days;
  const times = summary.payout_times;
  const count = summary.window_count;
  const needed = summary.min_samples;
  const paid = times?.count ?? 0;
  return (
    <div className="payout-times" data-testid="payout-times">
      <p>
        <Plural value={days} one="Stated waiting period: # day." other="Stated waiting period: # days." />
      </p>
      {times ? (
        <>
          <p data-testid="payout-times-measured">
            <Trans>
              <Plural
                value={window}
                one="Measured over the last day:"
                other="Measured over the last # days:"
              />{' '}
              <Plural value={paid} one="# paid withdrawal." other="# paid withdrawals." />
            </Trans>
          </p>
          <dl className="payout-times-figures">
            <Term label={<Trans>Half were paid within</Trans>} testId="payout-median">
              {formatDuration(times.median_seconds)}
            </Term>
            <Term label={<Trans>9 in 10 were paid within</Trans>} testId="payout-p90">
              {formatDuration(times.p90_seconds)}
            </Term>
            <Term
              label={<Trans>Without the ad's reductions, half within</Trans>}
              testId="payout-median-without-ads"
            >
              {formatDuration(times.median_without_ads_seconds)}
            </Term>
            <Term
              label={<Trans>Without the ad's reductions, 9 in 10 within</Trans>}
              testId="payout-p90-without-ads"
            >
              {formatDuration(times.p90_without_ads_seconds)}
            </Term>
          </dl>
        </>
      ) : (
        <p className="muted" data-testid="payout-times-not-enough">
          <Trans>
            Measured payout time: not enough data yet ({count} of{' '}
            <Plural value={needed} one="# paid withdrawal" other="# paid withdrawals" /> needed{' '}
            <Plural value={window} one="in the last day" other="in the last # days" />
            ).
          </Trans>
        </p>
      )}
    </div>
  );
}
