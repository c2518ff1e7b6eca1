import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { parseAmount } from '#domain/money/amount.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { formatCount, formatXrp } from '#app/lib/format.ts';

interface WithdrawWizardProps {
  balance: string;
  minWithdrawal: string;
  waitingDays: number;
  addressSet: boolean;
}

/** The way to a first withdrawal, step by step, with a congratulation at the minimum. */
export function WithdrawWizard({ balance, minWithdrawal, waitingDays, addressSet }: WithdrawWizardProps) {
  const [step, setStep] = useState(0);
  const [closed, setClosed] = useState(false);
  const reached = (parseAmount(balance) ?? 0n) >= (parseAmount(minWithdrawal) ?? 0n);
  const have = formatXrp(balance);
  const need = formatXrp(minWithdrawal);
  const days = formatCount(waitingDays);
  const steps = [
    <Trans key="earn">
      Step 1: earn {need} XRP. You have {have} XRP.
    </Trans>,
    addressSet ? (
      <Trans key="address-ok">Step 2: your exchange address is saved.</Trans>
    ) : (
      <Trans key="address">Step 2: save the XRP address and tag of your exchange account.</Trans>
    ),
    <Trans key="wait">
      Step 3: withdraw. The payment follows a waiting period of {days} days, which the daily ad shortens.
    </Trans>,
  ];

  if (closed) return null;
  return (
    <Card className="wizard" data-testid="withdraw-wizard">
      <h2>
        <Trans>Your way to a withdrawal</Trans>
      </h2>
      {reached ? (
        <p className="alert alert-success">
          <Trans>Congratulations! You have reached {need} XRP and can withdraw.</Trans>{' '}
          <Link to="/home/withdraw">
            <Trans>Withdraw</Trans>
          </Link>
        </p>
      ) : null}
      <p aria-live="polite">{steps[step]}</p>
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
