import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { transparencySummaryQueryOptions } from '../api/transparency-queries.ts';
import { PayoutTimes } from './payout-times.tsx';

/**
 * The measured payout times where the waiting period is stated (Landing, the withdraw screen), with
 * the way to the proof. Shows nothing until the figures arrive: no figure is ever guessed.
 */
export function PayoutTimesNote() {
  const summary = useQuery(transparencySummaryQueryOptions());
  return (
    <section className="section payout-times-note" aria-labelledby="payout-times-title">
      <h2 id="payout-times-title">
        <Trans>How long payouts really take</Trans>
      </h2>
      {summary.data ? <PayoutTimes summary={summary.data} /> : null}
      <p>
        <Link to="/transparency" data-testid="transparency-link">
          <Trans>Every payout, with its transaction on the XRP Ledger</Trans>
        </Link>
      </p>
    </section>
  );
}
