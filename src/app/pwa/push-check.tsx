import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#app/components/button.tsx';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { LiveRegion } from '#app/components/live-region.tsx';
import { usePushCheck } from './push-check-state.ts';
import { pushAvailability, runPushTest } from './push-device.ts';
import { PushBlockedNote, useRefusedAt } from './push-permission-notes.tsx';

/**
 * The notification task's step: from the user's tap, permission, the device token, and a test push
 * from the server; done only when the test push has arrived on this device (its service worker
 * acknowledged it to the server, which checks that on completion).
 */
export function PushCheck() {
  const { t } = useLingui();
  const check = usePushCheck();
  const availability = pushAvailability();
  const refused = useRefusedAt(check);

  if (check.step === 'arrived') {
    return (
      <p className="alert alert-success" data-testid="push-check">
        <Trans>The test notification arrived on this device. You can complete the task.</Trans>
      </p>
    );
  }
  const blocked = <PushBlockedNote availability={availability} refused={refused} />;
  if (
    availability === 'unsupported' ||
    availability === 'denied' ||
    (availability === 'default' && refused)
  ) {
    return (
      <div data-testid="push-check">
        {blocked}
        <p className="muted">
          <Trans>Allow notification permission to earn rewards</Trans>
        </p>
      </div>
    );
  }
  return (
    <div data-testid="push-check">
      <LiveRegion>
        {check.step === 'sent' ? (
          <p className="alert alert-info">
            <Trans>A test notification is on its way to this device…</Trans>
          </p>
        ) : null}
      </LiveRegion>
      {check.step === 'refused' ? (
        <ErrorAlert>
          {check.reason === 'denied' ? t`Allow notification permission to earn rewards` : t`Enable Failed`}
        </ErrorAlert>
      ) : null}
      <Button
        block
        variant={check.step === 'sent' ? 'ghost' : 'secondary'}
        onClick={() => void runPushTest()}
        disabled={check.step === 'working'}
      >
        {check.step === 'sent' ? (
          <Trans>Send the test again</Trans>
        ) : check.step === 'refused' ? (
          <Trans>Try again</Trans>
        ) : (
          <Trans>Turn on notifications</Trans>
        )}
      </Button>
    </div>
  );
}
