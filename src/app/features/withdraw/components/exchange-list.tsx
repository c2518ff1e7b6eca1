import { Trans } from '@lingui/react/macro';
import type { Exchange } from '#contract/withdraw.ts';
import { Section } from '#app/components/section.tsx';

/**
 * The exchanges Earnest pays to, by name. Their own shared deposit accounts are not shown: they are not
 * something to copy. A user copies their own account's deposit address and tag.
 */
export function ExchangeList({ exchanges }: { exchanges: readonly Exchange[] }) {
  return (
    <Section titleId="exchanges-title" title={<Trans>Supported exchanges</Trans>}>
      <p className="muted">
        <Trans>
          Copy the deposit address and tag from your own account&apos;s Deposit XRP page in one of these
          exchanges.
        </Trans>
      </p>
      <ul className="list exchange-list" data-testid="exchange-list">
        {exchanges.map((exchange) => (
          <li key={exchange.name} className="list-row exchange-line">
            <span className="exchange-badge" aria-hidden="true">
              {exchange.name.slice(0, 1)}
            </span>
            <span className="exchange-name">{exchange.name}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
