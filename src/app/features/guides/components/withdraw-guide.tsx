import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { PublicSettings } from '#contract/settings.ts';
import { parseAmount } from '#domain/money/amount.ts';
import { Card } from '#app/components/card.tsx';
import { SafetyHolds } from '#app/components/safety-holds.tsx';
import { WithdrawRules } from '#app/components/withdraw-rules.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { adReduction } from '#app/lib/ad-reduction.ts';
import { formatCount } from '#app/lib/format.ts';

const offered = (amount: string) => (parseAmount(amount) ?? 0n) > 0n;

/**
 * How withdrawing works, from the balance to the exchange account, with the figures in force (the
 * server's settings: docs/product-rules.md#no-contradicting-claims) and every rule the server checks
 * (docs/product-rules.md#no-hidden-conditions).
 */
export function WithdrawGuide({ settings }: { settings: PublicSettings }) {
  const { i18n } = useLingui();
  const minimum = <XrpAmount amount={settings.min_withdrawal} />;
  const waitingDays = settings.waiting_days;
  const seconds = formatCount(settings.ad_seconds);
  const byHours = adReduction(i18n, settings.ad_reduction_min_hours, settings.ad_reduction_max_hours);
  return (
    <>
      <p className="guide-lead">
        <Trans>
          From your balance to your exchange account, step by step. Every figure here is the rule today.
        </Trans>
      </p>
      <ol className="guide-steps guide-sections" data-testid="withdraw-guide">
        <li>
          <h2>
            <Trans>Earn at least {minimum}</Trans>
          </h2>
          <p>
            <Trans>
              Tasks and daily interest add to your balance. A withdrawal sends your whole balance.
            </Trans>
          </p>
          {/* Only what is offered today: a gift or bonus the operator set to 0 is not promised. */}
          {offered(settings.gift_amount) ? (
            <p>
              <Trans>The new-user gift adds to it once.</Trans>
            </p>
          ) : null}
          {offered(settings.kyc_bonus) ? (
            <p>
              <Trans>Verifying your phone adds a one-time bonus to it.</Trans>
            </p>
          ) : null}
        </li>
        <li>
          <h2>
            <Trans>Save your exchange address and tag</Trans>
          </h2>
          <p>
            <Trans>
              Copy the XRP deposit address and the tag of your own account at a supported exchange.{' '}
              <Link to="/guide/address">How to find them</Link>
            </Trans>
          </p>
          <p>
            <Trans>
              Changing the address later holds withdrawals for 72 hours, and every device signed in to your
              account is told.
            </Trans>
          </p>
        </li>
        <li>
          <h2>
            <Trans>Meet the rules</Trans>
          </h2>
          <p>
            <Trans>The withdraw screen shows each rule with where you stand:</Trans>
          </p>
          <WithdrawRules rules={settings.withdraw_rules} inviteRule={settings.invite_rule} />
          <p>
            <SafetyHolds />
          </p>
        </li>
        <li>
          <h2>
            <Trans>Withdraw</Trans>
          </h2>
          <p>
            <Trans>
              Your whole balance leaves your balance at once and shows in your history as a withdrawal. One
              withdrawal can be in progress at a time.
            </Trans>
          </p>
        </li>
        <li>
          <h2>
            <Plural value={waitingDays} one="Wait # day" other="Wait # days" />
          </h2>
          <p>
            <Trans comment="{byHours} is how much the ad shortens the wait, worded once for every sentence that says it (its own message).">
              Once a day you can watch a {seconds}-second ad to shorten the wait {byHours}; the server picks
              the number. Watching is never required.
            </Trans>
          </p>
        </li>
        <li>
          <h2>
            <Trans>The payment</Trans>
          </h2>
          <p>
            <Trans>
              When the wait is over, Earnest sends the whole amount on the XRP Ledger to your address and tag,
              and pays the network fee itself. The withdrawal is marked successful only once the ledger has
              made the payment final; its transaction is then shown on your withdrawal record.
            </Trans>
          </p>
          <p>
            <Trans>
              A payment may wait for Earnest&apos;s payout wallet to be refilled or for a check by its
              operator: the record says so, and waiting does not cancel it. If an operator rejects a
              withdrawal, the record gives the reason and the whole amount returns to your balance. How soon
              your exchange shows the money is up to the exchange.
            </Trans>
          </p>
        </li>
        <li>
          <h2>
            <Trans>If the payment fails</Trans>
          </h2>
          <p>
            <Trans>
              If the ledger refuses the payment (for example, an address that cannot receive it), the whole
              amount returns to your balance by itself, and the record says why.
            </Trans>
          </p>
        </li>
      </ol>
      <Card className="alert alert-info">
        <p>
          <Trans>
            Earnest never asks you to pay anything to receive a withdrawal: no fee, deposit, tax or
            &quot;unlock&quot; payment. Anyone who asks is trying to steal from you.
          </Trans>
        </p>
      </Card>
    </>
  );
}
