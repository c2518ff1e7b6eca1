import { useId, useState, type FormEvent } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { DeviceSession, LinkPreview } from '#contract/devices.ts';
import { normalisePairingCode } from '#domain/devices/pairing.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { Form } from '#app/components/form.tsx';
import { Field } from '#app/components/field.tsx';
import { QrScanner } from '#app/components/qr-scanner.tsx';
import { messageOf } from '#app/lib/error-messages.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { toasts } from '#app/lib/toast-store.ts';
import {
  devicesQueryOptions,
  useApproveLink,
  useLinkPreview,
  useRevokeDevice,
  useSignOutOtherDevices,
} from '../api/devices-queries.ts';
import { PasswordConfirmForm } from '#app/components/password-confirm.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { countryName, deviceName } from '../device-names.ts';
import { Section } from '#app/components/section.tsx';
import { Term } from '#app/components/term.tsx';

/** Mine → Security: the devices signed in, one-tap sign-out, and "Link a device" (docs/product-rules.md#device-linking-stays-inside-earnest). */
export function DevicesSection() {
  const { t, i18n } = useLingui();
  const devices = useQuery(devicesQueryOptions());
  const revoke = useRevokeDevice();
  const signOutOthers = useSignOutOtherDevices();
  const others = devices.data?.list.filter((device) => !device.current).length ?? 0;
  const [linking, setLinking] = useState(false);
  const latest = devices.data?.latest_link;

  async function signOut(id: number) {
    try {
      await revoke.mutateAsync(id);
      toasts.push('success', t`That device is signed out.`);
    } catch (caught) {
      toasts.push('error', i18n._(messageOf(caught)));
    }
  }

  async function signOutAllOthers() {
    try {
      const { signed_out_devices: count } = await signOutOthers.mutateAsync();
      toasts.push(
        'success',
        plural(count, { one: '# other device is signed out.', other: '# other devices are signed out.' }),
      );
    } catch (caught) {
      toasts.push('error', i18n._(messageOf(caught)));
    }
  }

  return (
    <Section titleId="security-title" title={<Trans>Security: your devices</Trans>} testId="devices">
      {latest && !latest.revoked ? <LatestLinkNotice device={latest} time={latest.linked_time} /> : null}
      <ul className="list">
        {devices.data?.list.map((device) => (
          <DeviceRow key={device.id} device={device} onSignOut={() => void signOut(device.id)} />
        ))}
      </ul>
      {others > 1 ? (
        <p>
          <Button
            block
            variant="ghost"
            onClick={() => void signOutAllOthers()}
            disabled={signOutOthers.isPending}
          >
            <Trans>Sign out all other devices</Trans>
          </Button>
        </p>
      ) : null}
      <p>
        <Button block variant="secondary" onClick={() => setLinking(true)}>
          <Trans>Link a device</Trans>
        </Button>
      </p>
      {linking ? <LinkDeviceDialog onClose={() => setLinking(false)} /> : null}
    </Section>
  );
}

type DeviceNames = Pick<DeviceSession, 'browser' | 'os'>;

/** One signed-in device; its sign-out button, alike on every row, is described by the row's device. */
function DeviceRow({ device, onSignOut }: { device: DeviceSession; onSignOut: () => void }) {
  const nameId = useId();
  return (
    <li className="list-row record" data-testid="device-row">
      <p>
        <strong id={nameId}>
          <DeviceName device={device} />
        </strong>{' '}
        {device.current ? (
          <span className="muted">
            <Trans>(this device)</Trans>
          </span>
        ) : null}
      </p>
      <p className="muted">
        <DeviceTimes created={device.created_time} seen={device.last_seen_time} linked={device.linked_time} />
      </p>
      {device.current ? null : (
        <Button variant="ghost" aria-describedby={nameId} onClick={onSignOut}>
          <Trans>Sign this device out</Trans>
        </Button>
      )}
    </li>
  );
}

/** Browser and system, "unknown" in the user's language. */
function DeviceName({ device }: { device: DeviceNames }) {
  const { browser, os } = deviceName(device);
  return (
    <>
      {browser} · {os}
    </>
  );
}

function LatestLinkNotice({ device, time }: { device: DeviceNames; time: number }) {
  const { browser, os } = deviceName(device);
  const when = <Isolate dir="auto">{formatDateTime(time)}</Isolate>;
  return (
    <Card className="alert alert-info" data-testid="latest-link">
      <p>
        <Trans>
          A new device ({browser} · {os}) was linked to your account on {when}. If it was not you, sign it out
          below and change your password.
        </Trans>
      </p>
    </Card>
  );
}

function DeviceTimes({ created, seen, linked }: { created: number; seen: number; linked: number | null }) {
  const since = <Isolate dir="auto">{formatDateTime(created)}</Isolate>;
  const last = <Isolate dir="auto">{formatDateTime(seen)}</Isolate>;
  return linked !== null ? (
    <Trans>
      Linked {since} · last used {last}
    </Trans>
  ) : (
    <Trans>
      Signed in {since} · last used {last}
    </Trans>
  );
}

/** Enter the code, see what it links, read the warning, confirm with the password. */
function LinkDeviceDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const preview = useLinkPreview();
  const approve = useApproveLink();
  const [code, setCode] = useState('');
  const [seen, setSeen] = useState<LinkPreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onCheck(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      setSeen(await preview.mutateAsync(code));
    } catch (caught) {
      setError(i18n._(messageOf(caught)));
    }
  }

  function onApproved() {
    toasts.push('success', t`Device approved. It signs in within a few seconds.`);
    onClose();
  }

  const when = seen ? <Isolate dir="auto">{formatDateTime(seen.requested_time)}</Isolate> : null;
  return (
    <Dialog open onClose={onClose} title={<Trans>Link a device</Trans>}>
      {seen ? (
        <PasswordConfirmForm
          confirm={(password) => approve.mutateAsync({ code, password })}
          onConfirmed={onApproved}
          pending={approve.isPending}
          action={<Trans>Approve this device</Trans>}
        >
          <dl className="rules-card" data-testid="link-preview">
            <Term label={<Trans>Device</Trans>}>
              <DeviceName device={seen} />
            </Term>
            <Term label={<Trans>Approximate place</Trans>}>
              {seen.country === null ? t`Not known` : countryName(seen.country)}
            </Term>
            <Term label={<Trans>Asked</Trans>}>{when}</Term>
          </dl>
          <p className="alert alert-error">
            <Trans>
              This device will be able to use your account and your XRP. Only approve a device you are holding
              now.
            </Trans>
          </p>
        </PasswordConfirmForm>
      ) : (
        <Form onSubmit={(event) => void onCheck(event)}>
          <Field
            label={<Trans>Pairing code</Trans>}
            dir="ltr"
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error ?? undefined}
          />
          <QrScanner
            accept={normalisePairingCode}
            onValue={setCode}
            label={<Trans>Scan the QR code</Trans>}
            failedText={<Trans>The camera could not be opened. Type the code instead.</Trans>}
          />
          <Button type="submit" block disabled={preview.isPending || code.trim() === ''}>
            <Trans>Continue</Trans>
          </Button>
        </Form>
      )}
    </Dialog>
  );
}
