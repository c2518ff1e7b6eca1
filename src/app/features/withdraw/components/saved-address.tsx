import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { Address } from '#contract/withdraw.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { AddressForm } from './address-form.tsx';
import { Isolate } from '#app/components/isolate.tsx';

/**
 * The saved address with its exchange, the hold a change started (every device shows it, from the
 * server's state), the changes on record, and the way to change it.
 */
export function SavedAddress({ address, online }: { address: Address; online: boolean }) {
  const [changing, setChanging] = useState(false);
  const holdEnd =
    address.hold_until === null ? null : <Isolate dir="auto">{formatDateTime(address.hold_until)}</Isolate>;
  const exchange = address.exchange ?? '';
  return (
    <>
      <Card data-testid="saved-address">
        <h2>
          <Trans>Your exchange address</Trans>
        </h2>
        {address.exchange ? (
          <p className="exchange-line">
            <span className="exchange-badge" aria-hidden="true">
              {exchange.slice(0, 1)}
            </span>
            <Trans>{exchange} deposit address</Trans>
          </p>
        ) : null}
        <p>
          <Isolate className="code">{address.walletaddress}</Isolate>
        </p>
        <p>
          <Trans>Tag</Trans> <Isolate className="code">{address.tag}</Isolate>
        </p>
        {holdEnd ? (
          <p className="alert alert-info" data-testid="address-hold">
            <span>
              <Trans>
                Your address was changed. No withdrawal can start before {holdEnd}. If you did not change it,
                change your password and the address now.
              </Trans>
            </span>
          </p>
        ) : (
          <p className="muted">
            <Trans>Withdrawals go here. A change holds withdrawals for 72 hours.</Trans>
          </p>
        )}
        {changing ? null : (
          // Offline the screen says that saving an address waits for the connection: so does this.
          <Button variant="secondary" block disabled={!online} onClick={() => setChanging(true)}>
            <Trans>Change address</Trans>
          </Button>
        )}
        {address.changes.length > 0 ? (
          <details className="address-changes">
            <summary>
              <Trans>Address changes</Trans>
            </summary>
            <ul className="list" data-testid="address-changes">
              {address.changes.map((change) => (
                <AddressChangeRow key={change.time} change={change} />
              ))}
            </ul>
          </details>
        ) : null}
      </Card>
      {changing ? <AddressForm change onDone={() => setChanging(false)} /> : null}
    </>
  );
}

function AddressChangeRow({ change }: { change: Address['changes'][number] }) {
  const when = <Isolate dir="auto">{formatDateTime(change.time)}</Isolate>;
  return (
    <li className="list-row record">
      <p>{when}</p>
      <p className="muted">
        <Isolate className="code">
          {change.old_address} · {change.old_tag}
        </Isolate>{' '}
        →{' '}
        <Isolate className="code">
          {change.new_address} · {change.new_tag}
        </Isolate>
      </p>
    </li>
  );
}
