import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { parseDestination } from '#domain/withdraw/address.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Field } from '#app/components/field.tsx';
import { ERROR_MESSAGES, messageOf } from '#app/lib/error-messages.ts';
import { loading } from '#app/lib/loading-store.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { useSaveAddress } from '../api/withdraw-queries.ts';

/**
 * The exchange address and tag, checked as typed with the same rule as the server (checksum,
 * X-address, numeric tag), confirmed in a dialog because it can never be changed (docs/product-rules.md#api-conventions).
 */
export function AddressForm() {
  const { t, i18n } = useLingui();
  const save = useSaveAddress();
  const [address, setAddress] = useState('');
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ address: string; tag: string } | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = parseDestination(address, tag);
    if (!parsed.ok) {
      setError(i18n._(ERROR_MESSAGES[parsed.error]));
      return;
    }
    setConfirming(parsed.value);
  }

  async function onConfirm() {
    if (!confirming) return;
    try {
      await loading.during(save.mutateAsync({ walletaddress: confirming.address, tag: confirming.tag }));
      toasts.push('success', t`Verification passed`);
    } catch (caught) {
      setError(i18n._(messageOf(caught)));
    } finally {
      setConfirming(null);
    }
  }

  return (
    <Card>
      <h2>
        <Trans>Your exchange address</Trans>
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <Field
          label={<Trans>XRP deposit address</Trans>}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          maxLength={100}
        />
        <Field
          label={<Trans>Destination tag</Trans>}
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={50}
          hint={<Trans>Numbers only. An X-address already contains it.</Trans>}
        />
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <Button type="submit" block disabled={save.isPending}>
          <Trans>Check and save</Trans>
        </Button>
      </form>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={<Trans>Save this address for good?</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              <Trans>Check again</Trans>
            </Button>
            <Button onClick={() => void onConfirm()}>
              <Trans>Save it</Trans>
            </Button>
          </>
        }
      >
        <p>
          <Trans>Withdrawals will always go to this address and tag. It cannot be changed later.</Trans>
        </p>
        <p>
          <bdi className="code" dir="ltr" data-testid="confirm-address">
            {confirming?.address}
          </bdi>
          <br />
          <Trans>Tag</Trans>{' '}
          <bdi className="code" dir="ltr">
            {confirming?.tag}
          </bdi>
        </p>
      </Dialog>
    </Card>
  );
}
