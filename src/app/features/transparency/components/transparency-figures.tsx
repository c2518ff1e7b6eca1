import { Plural, Trans } from '@lingui/react/macro';
import type { TransparencySummary } from '#contract/transparency.ts';
import { Card } from '#app/components/card.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { formatDateTime, formatPercent } from '#app/lib/format.ts';
import { PayoutTimes } from './payout-times.tsx';
import { Term } from '#app/components/term.tsx';

/** The payout wallet, the totals and the measured payout time, as the server computed them. */
export function TransparencyFigures({ summary }: { summary: TransparencySummary }) {
  const computed = <Isolate dir="auto">{formatDateTime(summary.computed_time)}</Isolate>;
  const paid = summary.paid_count;
  return (
    <>
      <Card className="transparency-wallet" data-testid="transparency-wallet">
        <h2>
          <Trans>The payout wallet</Trans>
        </h2>
        {summary.wallet_address ? (
          <>
            <p>
              <Trans>Earnest&apos;s automatic payouts are sent from this address on the XRP Ledger:</Trans>
            </p>
            <p>
              <Isolate className="code break" testId="wallet-address">
                {summary.wallet_address}
              </Isolate>
            </p>
            {summary.wallet_balance !== null && summary.wallet_read_time !== null ? (
              <WalletBalance balance={summary.wallet_balance} readTime={summary.wallet_read_time} />
            ) : (
              <p className="muted" data-testid="wallet-balance-unknown">
                <Trans>Its balance could not be read from the XRP Ledger just now.</Trans>
              </p>
            )}
          </>
        ) : (
          <p className="muted" data-testid="wallet-not-configured">
            <Trans>
              This server pays by hand: no payout wallet is configured, so no wallet balance can be shown.
              Each payment is still listed below with its transaction.
            </Trans>
          </p>
        )}
      </Card>

      <Card data-testid="transparency-totals">
        <h2>
          <Trans>Totals</Trans>
        </h2>
        <dl className="transparency-totals">
          <Term label={<Trans>XRP paid, all time</Trans>} testId="paid-total">
            <XrpAmount amount={summary.paid_total} />{' '}
            <span className="muted">
              <Plural value={paid} one="(# withdrawal)" other="(# withdrawals)" />
            </span>
          </Term>
          <Term
            label={<Trans>XRP owed now (balances and withdrawals not paid yet)</Trans>}
            testId="owed-total"
          >
            <XrpAmount amount={summary.owed_total} />
          </Term>
          <Term label={<Trans>Reserve ratio (wallet ÷ owed)</Trans>} testId="reserve-ratio">
            {summary.reserve_ratio_percent !== null ? (
              <Isolate>{formatPercent(summary.reserve_ratio_percent)}</Isolate>
            ) : summary.wallet_balance === null ? (
              <span className="muted">
                <Trans>Unknown: the wallet's balance is not available.</Trans>
              </span>
            ) : (
              <span className="muted">
                <Trans>Nothing is owed right now.</Trans>
              </span>
            )}
          </Term>
        </dl>
      </Card>

      <Card data-testid="transparency-times">
        <h2>
          <Trans>Measured payout time</Trans>
        </h2>
        <PayoutTimes summary={summary} />
        <p className="muted">
          <Trans>
            From the request to the validated result on the XRP Ledger. "Without the ad's reductions" adds
            back the hours the daily ad took off each wait.
          </Trans>
        </p>
      </Card>

      <p className="muted">
        <Trans>Computed from Earnest's database and the XRP Ledger at {computed}.</Trans>
      </p>
    </>
  );
}

function WalletBalance({ balance, readTime }: { balance: string; readTime: number }) {
  const amount = <XrpAmount amount={balance} testId="wallet-balance" />;
  const when = <Isolate dir="auto">{formatDateTime(readTime)}</Isolate>;
  return (
    <p>
      <Trans>
        Balance on the ledger: {amount}, read at {when}.
      </Trans>
    </p>
  );
}
