import { useEffect, useEffectEvent, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { renderSVG } from 'uqr';
import type { PairingStart } from '#contract/devices.ts';
import { Button } from '#app/components/button.tsx';
import { Card } from '#app/components/card.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { messageOf } from '#app/lib/error-messages.ts';
import { formatClock } from '#app/lib/format.ts';
import { session } from '#app/lib/session.ts';
import { useServerSecondsUntil } from '#app/lib/server-clock.ts';
import { usePairingState, useStartPairing } from '../api/devices-queries.ts';

const POLL_MS = 3_000;

/**
 * "Sign in with another device" on a signed-out device (docs/product-rules.md#device-linking-stays-inside-earnest): a pairing code and its QR code, valid
 * for 5 minutes with a countdown; the device checks for the approval by itself and on the button.
 */
export function PairingScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const start = useStartPairing();
  const check = usePairingState();
  const pairing: PairingStart | null = start.data ?? null;
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const left = useServerSecondsUntil((pairing?.expires_time ?? 0) * 1000);
  const expired = pairing !== null && left === 0;
  // The server said the code is dead before its time (used, or its approval ended: the approving
  // device signed out, or the account changed): no countdown may call it valid any more.
  const [dead, setDead] = useState(false);
  const over = expired || dead;

  function newCode() {
    setError(null);
    setNote(null);
    setDead(false);
    start.mutate(undefined, { onError: (caught) => setError(i18n._(messageOf(caught))) });
  }

  async function checkNow(byUser: boolean) {
    if (!pairing) return;
    try {
      const state = await check.mutateAsync({ code: pairing.code, secret: pairing.secret });
      if (state.state === 'approved' && state.token) {
        session.signInWithToken(state.token);
        await navigate({ to: '/home' });
      } else if (state.state !== 'waiting') {
        setDead(true);
        setNote(null);
      } else if (byUser) {
        setNote(t`Not approved yet. Enter the code on your signed-in device.`);
      }
    } catch (caught) {
      if (byUser) setError(i18n._(messageOf(caught)));
    }
  }

  // A code as soon as the screen opens.
  const { mutate: requestCode } = start;
  useEffect(() => requestCode(), [requestCode]);

  const poll = useEffectEvent(() => void checkNow(false));
  useEffect(() => {
    if (!pairing || over) return;
    const timer = setInterval(poll, POLL_MS);
    return () => clearInterval(timer);
  }, [pairing, over]);

  const qr = pairing ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(pairing.code))}` : null;
  const clock = formatClock(left);
  return (
    <>
      <Card className="pairing-card">
        <p>
          <Trans>
            On the device where you are signed in, open Account, then "Link a device", and enter this code or
            scan it.
          </Trans>
        </p>
        {pairing && !over ? (
          <>
            <p className="pairing-code">
              <bdi className="code" dir="ltr" data-testid="pairing-code">
                {pairing.code}
              </bdi>
            </p>
            {qr ? (
              <img
                className="pairing-qr"
                src={qr}
                alt={t`QR code of the pairing code`}
                width={180}
                height={180}
              />
            ) : null}
            <p className="muted" data-testid="pairing-countdown">
              <Trans>Valid for {clock}</Trans>
            </p>
          </>
        ) : null}
        {over ? (
          <p className="alert alert-error" data-testid="pairing-expired">
            {dead ? (
              <Trans>This code can no longer be used. Get a new one.</Trans>
            ) : (
              <Trans>This code has expired.</Trans>
            )}
          </p>
        ) : null}
        {note ? <p className="muted">{note}</p> : null}
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <Button block disabled={!pairing || over || check.isPending} onClick={() => void checkNow(true)}>
          <Trans>I have entered the pairing code</Trans>
        </Button>
        <Button block variant="secondary" disabled={start.isPending} onClick={newCode}>
          <Trans>Get a new code</Trans>
        </Button>
      </Card>
      <Card className="alert alert-info">
        <p>
          <Trans>
            Only enter this code on a device you own and hold. Earnest never asks you for it by message or
            call.
          </Trans>
        </p>
      </Card>
    </>
  );
}
