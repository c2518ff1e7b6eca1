import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { formatDays } from '#app/lib/format.ts';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { useFocusHandOff } from '#app/lib/focus-hand-off.ts';
import { useMarkWelcomed } from '../api/account-queries.ts';

/**
 * The first-run welcome, once per account (the account keeps when it was seen): what Earnest is, how
 * it pays, and the wait, in three short cards. It sits at the top of Home instead of over it, so the
 * screen stays usable, and "Skip" ends it at any card.
 */
export function WelcomeCard({
  waitingDays,
  minWithdrawal,
  invitationsRaise,
}: {
  waitingDays: number;
  minWithdrawal: string;
  /** Whether invitations raise the rate (not when the operator set no rise). */
  invitationsRaise: boolean;
}) {
  const { t } = useLingui();
  const [step, setStep] = useState(0);
  const done = useMarkWelcomed();
  // Skipped or done, the card goes: the focus goes on to the next card.
  const card = useFocusHandOff<HTMLElement>();
  const period = formatDays(waitingDays);
  const minimum = <XrpAmount amount={minWithdrawal} />;
  const steps = [
    {
      title: <Trans>Welcome to Earnest</Trans>,
      text: (
        <Trans>
          Earn XRP for a few short tasks a day. Every reward, rule and wait is shown before you start, and
          Earnest never asks you for money.
        </Trans>
      ),
    },
    {
      title: <Trans>How it pays</Trans>,
      text: invitationsRaise ? (
        <Trans>
          Each task shows its reward first, and that is exactly what is credited. Your balance also earns
          daily interest, and invited friends can raise its rate.
        </Trans>
      ) : (
        <Trans>
          Each task shows its reward first, and that is exactly what is credited. Your balance also earns
          daily interest.
        </Trans>
      ),
    },
    {
      title: <Trans>The wait</Trans>,
      text: (
        <Trans comment="{period} is a number of days with its noun, as the browser writes it on its own: “30 days”, “30 дней”, “30 يومًا”.">
          From {minimum}, once every rule on the Withdraw screen is met, you can withdraw your whole balance
          to your exchange address. It is paid after a waiting period of {period}, shown there with its
          progress.
        </Trans>
      ),
    },
  ] as const;
  const last = step === steps.length - 1;
  const current = steps[step] ?? steps[0];
  const finish = () => done.mutate();

  return (
    <Card className="welcome-card" aria-label={t`Welcome`} data-testid="welcome" ref={card}>
      {/* The dots are the steps' ordered list: a screen reader says how many there are, and which one
          is shown (aria-current), by the titles it hears from each. */}
      <ol className="welcome-steps">
        {steps.map((item, index) => (
          <li
            key={index}
            className={index === step ? 'is-current' : undefined}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="sr-only">{item.title}</span>
          </li>
        ))}
      </ol>
      <h2 aria-live="polite">{current.title}</h2>
      <p>{current.text}</p>
      <div className="welcome-actions">
        {last ? null : (
          <Button variant="ghost" onClick={finish}>
            <Trans>Skip</Trans>
          </Button>
        )}
        <Button onClick={last ? finish : () => setStep(step + 1)} data-testid="welcome-next">
          {last ? <Trans>Start earning</Trans> : <Trans>Next</Trans>}
        </Button>
      </div>
    </Card>
  );
}
