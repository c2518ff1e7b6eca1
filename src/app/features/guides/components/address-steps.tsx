import { Trans } from '@lingui/react/macro';

/**
 * How to find the deposit address and tag in an exchange's app, step by step; `beside` when the
 * address form is on the same screen.
 */
export function AddressSteps({ beside = false }: { beside?: boolean }) {
  return (
    <ol className="guide-steps">
      <li>
        <Trans>Open your exchange app and sign in.</Trans>
      </li>
      <li>
        <Trans>Go to Wallet or Assets, choose XRP, then Deposit.</Trans>
      </li>
      <li>
        <Trans>Copy the deposit address, then the tag (also called memo or destination tag).</Trans>
      </li>
      <li>
        {beside ? (
          <Trans>Paste both here. Without the right tag the exchange cannot credit your account.</Trans>
        ) : (
          <Trans>
            Paste both on Earnest&apos;s Withdraw screen. Without the right tag the exchange cannot credit
            your account.
          </Trans>
        )}
      </li>
    </ol>
  );
}
