import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { WithdrawRule } from '#contract/withdraw.ts';
import type { InviteRule } from '#domain/invite/counting.ts';
import { parseAmount } from '#domain/money/amount.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { WithdrawRules, type ShownRule } from '#app/components/withdraw-rules.tsx';
import { formatDays } from '#app/lib/format.ts';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

interface WithdrawWizardProps {
  balance: string;
  minWithdrawal: string;
  waitingDays: number;
  addressSet: boolean;
  /**
   * The one-time phone bonus when one is configured (null: none), whether the phone is verified, and
   * whether this account received the bonus (a number that already had it verifies without one).
   */
  phoneBonus: string | null;
  phoneVerified: boolean;
  /** The bonus the account was credited for its phone; null when none was. */
  phoneBonusCredited: string | null;
  /** Every withdrawal rule in force (the public settings): those beyond the balance and the address get a step. */
  rulesInForce: readonly ShownRule[];
  inviteRule: InviteRule;
  /**
   * The server's answer for this account, once read: only it says "you can withdraw", since it
   * knows every rule (invitations, a phone, a changed address still held).
   */
  eligibility: { rules: readonly WithdrawRule[]; may_withdraw: boolean } | undefined;
}

/** Rules the first steps do not cover: a step of their own, so none is hidden until the end. */
const MORE_RULES: ReadonlySet<ShownRule['id']> = new Set(['bound_invitations', 'phone_verified']);

/** The way to a first withdrawal, step by step, with a congratulation once the server says it may start. */
export function WithdrawWizard({
  balance,
  minWithdrawal,
  waitingDays,
  addressSet,
  phoneBonus,
  phoneVerified,
  phoneBonusCredited,
  rulesInForce,
  inviteRule,
  eligibility,
}: WithdrawWizardProps) {
  const [step, setStep] = useState(0);
  const [closed, setClosed] = useState(false);
  const reached = (parseAmount(balance) ?? 0n) >= (parseAmount(minWithdrawal) ?? 0n);
  const have = <XrpAmount amount={balance} />;
  const need = <XrpAmount amount={minWithdrawal} />;
  const period = formatDays(waitingDays);
  // Every line follows the same state as the withdraw button: no "you can withdraw" above "earn 100 XRP".
  const steps = [
    reached ? (
      <Trans key="earned">
        Step 1 done: you have {have}, at least the {need} a withdrawal needs.
      </Trans>
    ) : (
      <Trans key="earn">
        Step 1: earn {need}. You have {have}.
      </Trans>
    ),
    addressSet ? (
      <Trans key="address-ok">Step 2: your exchange address is saved.</Trans>
    ) : (
      <Trans key="address">Step 2: save the XRP address and tag of your exchange account.</Trans>
    ),
  ];
  const more = rulesInForce.filter((rule) => MORE_RULES.has(rule.id));
  if (more.length > 0) {
    steps.push(
      <div key="more">
        <Trans>A withdrawal also needs:</Trans>
        <WithdrawRules rules={more} inviteRule={inviteRule} />
      </div>,
    );
  }
  steps.push(
    <Trans
      key="wait"
      comment="{period} is a number of days with its noun, as the browser writes it on its own: “30 days”, “30 дней”, “30 يومًا”."
    >
      Step 3: withdraw. The payment follows a waiting period of {period}, which the daily ad shortens.
    </Trans>,
  );
  if (phoneBonus !== null) {
    const bonus = <XrpAmount amount={phoneBonus} sign="+" />;
    const credited = <XrpAmount amount={phoneBonusCredited ?? phoneBonus} sign="+" />;
    steps.splice(
      1,
      0,
      phoneVerified && phoneBonusCredited !== null ? (
        <Trans key="phone-done">Your phone is verified: the one-time bonus of {credited} was credited.</Trans>
      ) : phoneVerified ? (
        <Trans key="phone-no-bonus">
          Your phone is verified. This number or this account already received the one-time bonus, so none was
          paid.
        </Trans>
      ) : (
        <Trans key="phone">
          Bonus: verify your phone for a one-time {bonus}. <Link to="/withdraw/kyc">Verify now</Link>
        </Trans>
      ),
    );
  }

  if (closed) return null;
  return (
    <Card className="wizard" data-testid="withdraw-wizard">
      <h2>
        <Trans>Your way to a withdrawal</Trans>
      </h2>
      {reached && addressSet && eligibility?.may_withdraw ? (
        <p className="alert alert-success" data-testid="wizard-ready">
          <span>
            <Trans>
              Congratulations! You have reached {need} and can withdraw.{' '}
              <Link to="/home/withdraw">Withdraw</Link>
            </Trans>
          </span>
        </p>
      ) : null}
      {reached && addressSet && eligibility && !eligibility.may_withdraw ? (
        <div className="alert alert-info" data-testid="wizard-not-yet">
          <Trans>You have reached {need}, but a withdrawal needs more first:</Trans>
          <WithdrawRules rules={eligibility.rules.filter((rule) => !rule.met)} inviteRule={inviteRule} />
        </div>
      ) : null}
      <div aria-live="polite" className="wizard-step">
        {steps[step]}
      </div>
      <div className="wizard-actions">
        <Button variant="secondary" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
          <Trans>Previous</Trans>
        </Button>
        {step < steps.length - 1 ? (
          <Button variant="secondary" onClick={() => setStep((s) => s + 1)}>
            <Trans>Next</Trans>
          </Button>
        ) : (
          <Button onClick={() => setClosed(true)}>
            <Trans>Complete</Trans>
          </Button>
        )}
      </div>
    </Card>
  );
}
