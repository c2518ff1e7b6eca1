import { SYNC_TAG } from './queue-capture.ts';
import { replayQueue } from './queue-replay.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The browser fires `sync` when the network is back. A pass that is still cut off rejects, so the
 * browser tries again later (Chromium: after 5 minutes); the open page also asks sooner.
 */
export function replayOnSync() {
  self.addEventListener('sync', (event) => {
    if (event.tag !== SYNC_TAG) return;
    event.waitUntil(
      replayQueue().then((pass) => {
        if (pass.offline) throw new Error('still offline');
      }),
    );
  });
}
