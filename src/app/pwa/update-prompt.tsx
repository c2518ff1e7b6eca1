import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '#app/components/button.tsx';
import { LiveRegion } from '#app/components/live-region.tsx';
import { useWaitingUpdate } from './register-sw.ts';

/**
 * "Update available": a new version waits until the user accepts, then the app reloads into it.
 * Actions waiting to sync live in IndexedDB, so they survive the update.
 */
export function UpdatePrompt() {
  const accept = useWaitingUpdate();
  const [busy, setBusy] = useState(false);
  return (
    <LiveRegion>
      {accept ? (
        <div className="update-prompt" data-testid="update-prompt">
          <p>
            <Trans>A new version of Earnest is available.</Trans>
          </p>
          <Button
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void accept();
            }}
          >
            <Trans>Update now</Trans>
          </Button>
        </div>
      ) : null}
    </LiveRegion>
  );
}
