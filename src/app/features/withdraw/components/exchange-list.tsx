import { Trans } from '@lingui/react/macro';
import type { Exchange } from '#contract/withdraw.ts';

/** The exchanges Earnest pays to, with their deposit addresses. */
export function ExchangeList({ exchanges }: { exchanges: readonly Exchange[] }) {
  return (
    <section className="section" aria-labelledby="exchanges-title">
      <h2 id="exchanges-title">
        <Trans>Supported exchanges</Trans>
      </h2>
      <ul className="list exchange-list" data-testid="exchange-list">
        {exchanges.map((exchange) => (
          <li key={exchange.name} className="list-row">
            <span className="exchange-name">{exchange.name}</span>
            {exchange.addresses.map((address) => (
              <bdi key={address} className="code" dir="ltr">
                {address}
              </bdi>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How to find the deposit address and tag in an exchange's app. */
export function AddressGuide() {
  return (
    <details className="card guide">
      <summary>
        <Trans>How do I get my XRP address and tag?</Trans>
      </summary>
      <ol>
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
          <Trans>Paste both here. Without the right tag the exchange cannot credit your account.</Trans>
        </li>
      </ol>
    </details>
  );
}
