import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { readAddressQr } from '#domain/withdraw/address.ts';
import { Button } from '#app/components/button.tsx';
import { Field } from '#app/components/field.tsx';
import { QrScanner } from '#app/components/qr-scanner.tsx';

interface AddressFieldsProps {
  address: string;
  tag: string;
  onAddress: (value: string) => void;
  onTag: (value: string) => void;
  addressError?: ReactNode;
  tagError?: ReactNode;
}

/** Whether this browser lets a page read the clipboard when the user taps Paste. */
const canPaste = () =>
  typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function';

/** Reads the clipboard on the user's tap; nothing happens when the browser or the user says no. */
async function pasted(): Promise<string | null> {
  try {
    return (await navigator.clipboard.readText()).trim();
  } catch {
    return null;
  }
}

/**
 * The exchange's deposit address and tag, with Paste on each and a Scan of the exchange's deposit QR
 * code (which fills the tag too when the code carries one): copied, never retyped.
 */
export function AddressFields({
  address,
  tag,
  onAddress,
  onTag,
  addressError,
  tagError,
}: AddressFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <div className="field-with-action">
        <Field
          label={<Trans>XRP deposit address</Trans>}
          name="walletaddress"
          value={address}
          onChange={(event) => onAddress(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          maxLength={100}
          error={addressError}
        />
        <PasteButton testId="paste-address" label={t`Paste the address`} onText={onAddress} />
      </div>
      <div className="field-with-action">
        <Field
          label={<Trans>Destination tag</Trans>}
          name="tag"
          value={tag}
          onChange={(event) => onTag(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={50}
          hint={<Trans>Numbers only. An X-address already contains it.</Trans>}
          error={tagError}
        />
        <PasteButton testId="paste-tag" label={t`Paste the tag`} onText={onTag} />
      </div>
      <QrScanner
        accept={(raw) => (readAddressQr(raw) ? raw : null)}
        onValue={(raw) => {
          const read = readAddressQr(raw);
          if (!read) return;
          onAddress(read.address);
          if (read.tag !== null) onTag(read.tag);
        }}
        label={<Trans>Scan the deposit QR code</Trans>}
        failedText={<Trans>The camera could not be opened. Paste the address instead.</Trans>}
      />
    </>
  );
}

/** Where the clipboard can be read, a button that puts its text in the field next to it. */
function PasteButton({
  testId,
  label,
  onText,
}: {
  testId: string;
  /** Which field it fills, for a screen reader: two buttons both named "Paste" cannot be told apart. */
  label: string;
  onText: (text: string) => void;
}) {
  if (!canPaste()) return null;
  return (
    <Button
      variant="secondary"
      data-testid={testId}
      aria-label={label}
      onClick={() => void pasted().then((text) => text !== null && onText(text))}
    >
      <Trans>Paste</Trans>
    </Button>
  );
}
