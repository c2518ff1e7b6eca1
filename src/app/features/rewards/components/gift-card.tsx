import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { usePendingActions } from '#app/pwa/sync-queue.ts';
import { useClaimGift } from '../api/rewards-queries.ts';
import { useClaim } from './use-claim.ts';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { useFocusHandOff } from '#app/lib/focus-hand-off.ts';

/** The new-user lucky gift: the amount credited is the amount shown, and it waits for the user's tap. */
export function GiftCard({ amount }: { amount: string }) {
  const { t } = useLingui();
  const claim = useClaimGift();
  const { error, claim: claimWith } = useClaim();
  // Claimed, the card goes: the focus goes on to the next card.
  const card = useFocusHandOff<HTMLElement>();

  const onClaim = () =>
    claimWith(
      () => claim.mutateAsync(amount),
      (credited) => t`Gift claimed: ${credited}`,
    );

  const waiting = usePendingActions('gift.claim').length > 0;
  const gift = <XrpAmount amount={amount} />;
  return (
    <Card className="gift-card" data-testid="gift-card" ref={card}>
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
