import { useSyncExternalStore } from 'react';
import { mayAskAgain } from '#domain/consent/ask-again.ts';
import { deviceRecords } from '#app/lib/device-records.ts';
import { createStore } from '#app/lib/external-store.ts';

/** Chromium's install prompt event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * Where the prerendered pages' boot script (src/app/prerender.tsx) keeps an install prompt that came
 * before the app: those pages load the app after their first paint, and Chromium may offer installing
 * in between. Without it the install button would not show for that visit.
 */
export const EARLY_INSTALL_PROMPT = 'earnestInstallPrompt';

let saved: BeforeInstallPromptEvent | null = null;
let refusedAt: number | null = null;
/** Whether the install button shows: the browser offers installing and the user has not just said no. */
const offered = createStore(false);

function update() {
  offered.set(saved !== null && mayAskAgain(refusedAt, Date.now()));
}

/**
 * Keeps the browser's install prompt instead of letting it show by itself, so the app offers it
 * from an install button, after the user's own gesture (docs/product-rules.md#respect-no).
 */
export function keepInstallPrompt() {
  const early = (window as unknown as Record<string, BeforeInstallPromptEvent | undefined>)[
    EARLY_INSTALL_PROMPT
  ];
  if (early) {
    saved = early;
    update();
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    saved = event as BeforeInstallPromptEvent;
    update();
  });
  window.addEventListener('appinstalled', () => {
    saved = null;
    update();
  });
  void deviceRecords.read('installRefusedAt').then((at) => {
    refusedAt = at;
    update();
  });
}

/**
 * Shows the browser's install dialog; true only if the user accepted. The prompt can be used once,
 * so it is cleared either way; a "no" is remembered so the button stays away for 7 days.
 */
export async function installApp(): Promise<boolean> {
  const event = saved;
  if (!event) return false;
  saved = null;
  update();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'dismissed') {
    refusedAt = Date.now();
    update();
    await deviceRecords.write('installRefusedAt', refusedAt);
  }
  return outcome === 'accepted';
}

export function useCanInstall(): boolean {
  return useSyncExternalStore(offered.subscribe, offered.get, offered.get);
}
