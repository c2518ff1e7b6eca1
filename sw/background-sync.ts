import { SYNC_TAG } from './queue-capture.ts';
import { replayQueue } from './queue-replay.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The browser fires `sync` when the network is back. A pass that is still cut off, or that leaves an
 * entry waiting for a retry (the server was busy or restarting), rejects, so the browser tries again
 * later (Chromium: after 5 minutes, then 15) even with the app closed: the worker's own retry timer
 * dies with the worker, which the browser stops soon after the event.
 */
export function replayOnSync() {
  self.addEventListener('sync', (event) => {
    if (event.tag !== SYNC_TAG) return;
    event.waitUntil(
      replayQueue().then((pass) => {
        if (pass.offline) throw new Error('still offline');
        if (pass.stillWaiting > 0) throw new Error('entries wait for a retry');
      }),
    );
  });
}
