import 'fake-indexeddb/auto';
import { renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { bootScript } from '#app/boot-script.ts';
import { keepInstallPrompt, useCanInstall } from '#app/pwa/install-prompt.ts';

// The prerendered pages load the app after their first paint, so Chromium may offer installing
// before the app listens: the boot script keeps the offer for it.
it('an install prompt that comes before the app is kept by the boot script and offered by the app', () => {
  new Function(bootScript())();
  const offer = new Event('beforeinstallprompt', { cancelable: true });
  window.dispatchEvent(offer);
  // Kept, not shown by the browser on its own: the app offers it after the user's own tap.
  expect(offer.defaultPrevented).toBe(true);

  keepInstallPrompt();
  const { result } = renderHook(() => useCanInstall());
  expect(result.current).toBe(true);
});
