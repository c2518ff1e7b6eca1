import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { parseDestination } from '#domain/withdraw/address.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { Form, FormError } from '#app/components/form.tsx';
import { PasswordField } from '#app/components/field.tsx';
import { ERROR_MESSAGES, messageOf } from '#app/lib/error-messages.ts';
import { ApiError, type AppErrorCode } from '#app/lib/http.ts';
import { loading } from '#app/lib/loading-store.ts';
import { toasts } from '#app/lib/toast-store.ts';
import { useChangeAddress, useCheckAddress, useSaveAddress } from '../api/withdraw-queries.ts';
import { AddressFields } from './address-fields.tsx';

interface Checked {
  walletaddress: string;
  tag: string;
  exchange: string;
}

type AddressField = 'address' | 'tag' | 'password';

interface ShownError {
  /** The field the error is about, or null for the form's banner. */
  field: AddressField | null;
  text: string;
}

function fieldOf(code: AppErrorCode): AddressField | null {
  switch (code) {
    case 'withdraw.tag_invalid':
      return 'tag';
    case 'account.password_wrong':
      return 'password';
    default:
      return code.startsWith('withdraw.address') || code === 'withdraw.not_whitelisted' ? 'address' : null;
  }
}

/**
 * The exchange address and tag. Everything that can be checked is checked before the confirmation:
 * the address and tag as typed (the same rule as the server), then by the server (a supported exchange,
 * not another account's). The password confirms a first address as it does a change; a change also
 * holds withdrawals for 72 hours (docs/product-rules.md#withdrawal-rules).
 */
export function AddressForm({ change = false, onDone }: { change?: boolean; onDone?: () => void }) {
  const { t, i18n } = useLingui();
  const check = useCheckAddress();
  const save = useSaveAddress();
  const replace = useChangeAddress();
  const [address, setAddress] = useState('');
  const [tag, setTag] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ShownError | null>(null);
  const show = (code: AppErrorCode) => setError({ field: fieldOf(code), text: i18n._(ERROR_MESSAGES[code]) });
  const [confirming, setConfirming] = useState<Checked | null>(null);
  const busy = check.isPending || save.isPending || replace.isPending;
  // Off while the address is on its way: a second tap would send it twice.
  const confirmBusy = save.isPending || replace.isPending;

  function fail(caught: unknown) {
    if (caught instanceof ApiError) show(caught.code);
    else setError({ field: null, text: i18n._(messageOf(caught)) });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = parseDestination(address, tag);
    if (!parsed.ok) {
      show(parsed.error);
      return;
    }
    if (password === '') {
      setError({
        field: 'password',
        text: change
          ? t`Enter your password to change the address.`
          : t`Enter your password to save the address.`,
      });
      return;
    }
    try {
      setConfirming(await check.mutateAsync({ walletaddress: parsed.value.address, tag: parsed.value.tag }));
    } catch (caught) {
      fail(caught);
    }
  }

  async function onConfirm() {
    if (!confirming) return;
    const body = { walletaddress: confirming.walletaddress, tag: confirming.tag, password };
    try {
      if (change) {
        await loading.during(replace.mutateAsync(body));
        toasts.push('success', t`Address changed`);
      } else {
        await loading.during(save.mutateAsync(body));
        toasts.push('success', t`Address saved`);
      }
      onDone?.();
    } catch (caught) {
      fail(caught);
    } finally {
      setConfirming(null);
      setPassword('');
    }
  }

  const exchange = confirming?.exchange ?? '';
  return (
    <Card data-testid={change ? 'change-address' : 'address-form'}>
      <h2>{change ? <Trans>Change your exchange address</Trans> : <Trans>Your exchange address</Trans>}</h2>
      {change ? (
        <p className="muted">
          <Trans>
            After a change no withdrawal can start for 72 hours, and every device signed in to your account is
            told. A withdrawal already on its way still goes to the old address.
          </Trans>
        </p>
      ) : null}
      <Form onSubmit={(event) => void onSubmit(event)}>
        <AddressFields
          address={address}
          tag={tag}
          onAddress={setAddress}
          onTag={setTag}
          addressError={error?.field === 'address' ? error.text : undefined}
          tagError={error?.field === 'tag' ? error.text : undefined}
        />
        <PasswordField
          kind="current"
          label={<Trans>Your password</Trans>}
          value={password}
          onValue={setPassword}
          error={error?.field === 'password' ? error.text : undefined}
        />
        <FormError>{error?.field === null ? error.text : null}</FormError>
        <Button type="submit" block disabled={busy} data-testid="check-address">
          {change ? <Trans>Check and change</Trans> : <Trans>Check and save</Trans>}
        </Button>
        {change && onDone ? (
          <Button variant="secondary" block onClick={onDone}>
            <Trans>Keep the current address</Trans>
          </Button>
        ) : null}
      </Form>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={change ? <Trans>Change to this address?</Trans> : <Trans>Save this address?</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              <Trans>Check again</Trans>
            </Button>
            <Button
              onClick={() => void onConfirm()}
              disabled={confirmBusy}
              data-testid="confirm-address-save"
            >
              {change ? <Trans>Change it</Trans> : <Trans>Save it</Trans>}
            </Button>
          </>
        }
      >
        <p>
          <Trans>
            This is a {exchange} deposit address. Withdrawals go to this address and tag: check that both are
            your own account&apos;s.
          </Trans>
        </p>
        <p>
          <bdi className="code" dir="ltr" data-testid="confirm-address">
            {confirming?.walletaddress}
          </bdi>
          <br />
          <Trans>Tag</Trans>{' '}
          <bdi className="code" dir="ltr">
            {confirming?.tag}
          </bdi>
        </p>
        <p className="muted">
          {change ? (
            <Trans>No withdrawal can start for 72 hours after the change.</Trans>
          ) : (
            <Trans>You can change it later; a change holds withdrawals for 72 hours.</Trans>
          )}
        </p>
      </Dialog>
    </Card>
  );
}
