import { Trans } from '@lingui/react/macro';

/**
 * The two holds on withdrawing that are not on the rule list, because they end by themselves
 * (src/domain/withdraw/eligibility.ts, src/domain/devices/pairing.ts): Landing and the withdrawal
 * guide state them in the same words.
 */
export function SafetyHolds() {
  return (
    <Trans>
      Two safety holds also apply: no withdrawal for 72 hours after the address is changed, and none from a
      device linked to your account less than 24 hours ago.
    </Trans>
  );
}
