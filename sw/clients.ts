import type { WorkerMessage } from '#contract/sync.ts';
import { publicView, queueStore } from './queue-store.ts';

declare const self: ServiceWorkerGlobalScope;

/** Tells every open Earnest window something about the queue. */
export async function tellPages(message: WorkerMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

/** Sends every window the queue as it now stands. */
export async function publishQueue(): Promise<void> {
  const items = (await queueStore.all()).map(publicView);
  await tellPages({ type: 'queue', items });
}
