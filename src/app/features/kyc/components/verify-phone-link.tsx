import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { parseAmount } from '#domain/money/amount.ts';
import { kycStatusQueryOptions } from '../api/kyc-queries.ts';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

/**
 * The way to phone verification, offered only while there is something to do (never "verify" after
 * verifying), with the one-time bonus it pays when one is configured: what it pays is shown where it
 * is offered.
 */
export function VerifyPhoneLink({
  bonusAmount,
  testId,
}: {
  bonusAmount: string | undefined;
  testId?: string;
}) {
  const kyc = useQuery(kycStatusQueryOptions());
  if (!kyc.data || kyc.data.state === 'verified') return null;
  const bonus =
    bonusAmount !== undefined && (parseAmount(bonusAmount) ?? 0n) > 0n ? (
      <XrpAmount amount={bonusAmount} sign="+" />
    ) : null;
  return (
    <p>
      <Link to="/withdraw/kyc" className="btn btn-secondary btn-block" data-testid={testId}>
        {/* One span: the button is a flex box, and its gap would stand between a sentence's parts. */}
        <span>
          {bonus ? <Trans>Verify your phone: {bonus}, once</Trans> : <Trans>Verify your phone</Trans>}
        </span>
      </Link>
    </p>
  );
}
