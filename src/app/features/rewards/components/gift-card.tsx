import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { messageOf } from '#app/lib/error-messages.ts';
import { loading } from '#app/lib/loading-store.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { celebrate } from '#app/lib/celebrate-store.ts';
import { isQueued } from '#app/lib/http.ts';
import { usePendingActions } from '#app/pwa/sync-queue.ts';
import { useClaimGift } from '../api/rewards-queries.ts';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { xrpText } from '#app/lib/bidi.ts';

/** The new-user lucky gift: the amount credited is the amount shown, and it waits for the user's tap. */
export function GiftCard({ amount }: { amount: string }) {
  const { t, i18n } = useLingui();
  const claim = useClaimGift();
  const [error, setError] = useState<string | null>(null);

  async function onClaim() {
    setError(null);
    try {
      const result = await loading.during(claim.mutateAsync(), { text: t`Claiming...` });
      const credited = xrpText(result.amount, '+');
      toasts.push('success', t`Gift claimed: ${credited}`);
      celebrate();
    } catch (caught) {
      if (isQueued(caught)) {
        toasts.push('info', i18n._(messageOf(caught)));
        return;
      }
      setError(i18n._(messageOf(caught)));
    }
  }

  const waiting = usePendingActions('gift.claim').length > 0;
  const gift = <XrpAmount amount={amount} />;
  return (
    <Card className="gift-card" data-testid="gift-card">
      <p className="gift-label">
        <Trans>New-user gift</Trans>
      </p>
      <p className="gift-amount">{gift}</p>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      {waiting ? (
        <p className="waiting-note" data-testid="gift-waiting">
          <Trans>Your claim is waiting to sync. It is credited once the server confirms it.</Trans>
        </p>
      ) : (
        <Button block onClick={() => void onClaim()} disabled={claim.isPending} data-testid="claim-gift">
          <Trans>Claim the gift</Trans>
        </Button>
      )}
    </Card>
  );
}
