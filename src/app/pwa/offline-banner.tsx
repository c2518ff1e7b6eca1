import { useEffect, useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { API } from '#contract/paths.ts';
import { ServerTimeResponseSchema } from '#contract/settings.ts';
import { useServerReachable } from '#app/lib/connectivity.ts';
import { apiRequest } from '#app/lib/http.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { LiveRegion } from '#app/components/live-region.tsx';

const PROBE_EVERY_MS = 10_000;

async function probeServer() {
  try {
    await apiRequest(API.serverTime, ServerTimeResponseSchema);
  } catch {
    // apiRequest has told the connectivity store.
  }
}

/**
 * Says so when the server cannot be reached, and how old the data on screen is: the newest answer in
 * the (persisted) query cache. While cut off it asks again every few seconds, so the banner goes away
 * and the data refreshes by itself when the connection is back.
 */
export function OfflineBanner() {
  const reachable = useServerReachable();
  const queryClient = useQueryClient();
  const lastSyncedNow = () =>
    Math.max(
      0,
      ...queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.dataUpdatedAt),
    );
  const lastSynced = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    lastSyncedNow,
    lastSyncedNow,
  );

  // Fresh data from the device is not re-read, so only asking tells whether the server is there: once
  // when the app opens, then every few seconds while it is not. When it answers, the data is re-read.
  useEffect(() => {
    const probe = () => {
      if (document.visibilityState === 'visible') void probeServer();
    };
    probe();
    if (reachable) return;
    const timer = setInterval(probe, PROBE_EVERY_MS);
    return () => {
      clearInterval(timer);
      void queryClient.invalidateQueries({ type: 'active' });
    };
  }, [reachable, queryClient]);

  // The query cache counts in milliseconds, the formatter (like the API) in seconds.
  const when = <Isolate dir="auto">{formatDateTime(Math.floor(lastSynced / 1000))}</Isolate>;
  return (
    <LiveRegion>
      {reachable ? null : (
        <div className="offline-banner" data-testid="offline-banner">
          {lastSynced > 0 ? (
            <Trans>
              Offline: Earnest cannot be reached. Showing data saved on this device, last synced {when}.
            </Trans>
          ) : (
            <Trans>Offline: Earnest cannot be reached.</Trans>
          )}
        </div>
      )}
    </LiveRegion>
  );
}
