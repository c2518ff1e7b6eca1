import { vi } from 'vitest';
import type { PageMessage } from '#contract/sync.ts';

/** Stands in for the page's service worker: every message the page posts to it, in order. */
export function collectWorkerMessages(): PageMessage[] {
  const told: PageMessage[] = [];
  const registration = { active: { postMessage: (message: PageMessage) => told.push(message) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  return told;
}

/** Answers every request of the page with `data` in the success envelope (undone by vi.unstubAllGlobals). */
export function answerEveryRequest(data: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 1, msg: 'ok', data }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}
