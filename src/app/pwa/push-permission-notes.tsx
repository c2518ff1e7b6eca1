import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { ASK_AGAIN_AFTER_MS } from '#domain/consent/ask-again.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { refusedAt, type PushAvailability } from './push-device.ts';
import { Isolate } from '#app/components/isolate.tsx';

/** When the user said no on this device, while that no holds (not asked again for 7 days: docs/product-rules.md#respect-no). */
export function useRefusedAt(refresh: unknown): number | null {
  const [refused, setRefused] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void refusedAt().then((value) => live && setRefused(value));
    return () => {
      live = false;
    };
  }, [refresh]);
  return refused;
}

/**
 * Why this device cannot be asked for notifications now, or null when it can: the browser cannot
 * receive them, the user blocked them in the browser, or said no here less than 7 days ago.
 */
export function PushBlockedNote({
  availability,
  refused,
}: {
  availability: PushAvailability;
  refused: number | null;
}) {
  if (availability === 'unsupported') {
    return (
      <p className="alert alert-info" data-testid="push-note">
        <Trans>
          This browser cannot receive Earnest's notifications (the browsers inside messengers and social apps
          cannot). Open Earnest in your phone's browser to get them.
        </Trans>
      </p>
    );
  }
  if (availability === 'denied') {
    return (
      <p className="alert alert-info" data-testid="push-note">
        <Trans>
          Notifications are blocked for Earnest in this browser. Check its settings and try again.
        </Trans>
      </p>
    );
  }
  if (availability === 'default' && refused !== null) {
    const saidNo = <Isolate dir="auto">{formatDateTime(Math.floor(refused / 1000))}</Isolate>;
    const askAgain = (
      <Isolate dir="auto">{formatDateTime(Math.floor((refused + ASK_AGAIN_AFTER_MS) / 1000))}</Isolate>
    );
    return (
      <p className="alert alert-info" data-testid="push-note">
        <span>
          <Trans>
            You said no to notifications on {saidNo}. Earnest will not ask again before {askAgain}.
          </Trans>
        </span>
      </p>
    );
  }
  return null;
}
