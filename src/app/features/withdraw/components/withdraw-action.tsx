import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { floorToDrops, formatAmount, parseAmount } from '#domain/money/amount.ts';
import { Button } from '#app/components/button.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { messageOf } from '#app/lib/error-messages.ts';
import { adReduction } from '#app/lib/ad-reduction.ts';
import { formatDays } from '#app/lib/format.ts';
import { loading } from '#app/lib/loading-store.ts';
import { useStartWithdrawal } from '../api/withdraw-queries.ts';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

/** "Withdraw all": a confirm step that says what happens, then the status page. */
interface WithdrawActionProps {
  balance: string;
  waitingDays: number;
  minHours: number;
  maxHours: number;
  allowed: boolean;
}

export function WithdrawAction({ balance, waitingDays, minHours, maxHours, allowed }: WithdrawActionProps) {
  const { i18n } = useLingui();
  const start = useStartWithdrawal();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The ledger pays whole drops: what is withdrawn is the balance rounded down to a drop.
  const amount = <XrpAmount amount={formatAmount(floorToDrops(parseAmount(balance) ?? 0n))} />;
  const period = formatDays(waitingDays);
  const byHours = adReduction(i18n, minHours, maxHours);

  async function onConfirm() {
    setOpen(false);
    setError(null);
    try {
      await loading.during(start.mutateAsync(waitingDays));
      await navigate({ to: '/withdraw/status' });
    } catch (caught) {
      setError(i18n._(messageOf(caught)));
    }
  }

  return (
    <>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <Button
        block
        disabled={!allowed || start.isPending}
        onClick={() => setOpen(true)}
        data-testid="withdraw-all"
      >
        <Trans>Withdraw all XRP</Trans>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={<Trans>Withdraw all your XRP?</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={() => void onConfirm()} data-testid="confirm-withdraw">
              <Trans>Withdraw</Trans>
            </Button>
          </>
        }
      >
        <p>
          <Trans comment="{period} is a number of days with its noun (“30 days”, “30 дней”, “30 يومًا”); {byHours} is how much the ad shortens the wait, worded in its own message.">
            Your whole balance, {amount}, goes to your exchange address after a waiting period of {period}.
            Each day, watching the ad shortens it {byHours}. Earnest never asks you to pay anything to receive
            it.
          </Trans>
        </p>
        {/* Said before the tap, as on Landing: the rare waits past the period are no hidden condition. */}
        <p className="muted">
          <Trans>
            A payment can wait longer than its waiting period: for Earnest&apos;s payout wallet to be
            refilled, or for a check by its operator. Your withdrawal record then says why.
          </Trans>
        </p>
      </Dialog>
    </>
  );
}
