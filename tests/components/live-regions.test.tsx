import { act, fireEvent, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LiveRegion } from '#app/components/live-region.tsx';
import { LoadingOverlay } from '#app/components/loading-overlay.tsx';
import { connectivity } from '#app/lib/connectivity.ts';
import { loading } from '#app/lib/loading-store.ts';
import { OfflineBanner } from '#app/pwa/offline-banner.tsx';
import { PushBanner, showPushBanner } from '#app/pwa/push-banner.tsx';
import { renderInApp, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// A status message is said by a live region the screen reader already knows: the region is in the
// page, empty, before the message goes into it. One that arrives holding its message is often not
// read at all.

rendersEveryScreenIn('en');

/** Renders `ui`, then says something: the region that holds the message was there, empty, before. */
async function expectRegionBefore(ui: ReactNode, say: () => void, message: string | RegExp) {
  renderInApp(ui);
  const before = screen.getAllByRole('status');
  for (const region of before) expect(region.textContent).toBe('');
  await act(async () => say());
  const holding = screen.getAllByRole('status').filter((region) => region.textContent?.match(message));
  expect(holding).toHaveLength(1);
  expect(before).toContain(holding[0]);
}

describe('a status message', () => {
  it('goes into a region that was in the page, empty, before it', () => {
    function Saved() {
      const [saved, setSaved] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setSaved(true)}>
            Save
          </button>
          <LiveRegion>{saved ? <p className="alert">Saved</p> : null}</LiveRegion>
        </>
      );
    }
    renderInApp(<Saved />);
    const region = screen.getByRole('status');
    expect(region.childNodes).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Saved');
  });

  it('of the loading overlay', async () => {
    await expectRegionBefore(<LoadingOverlay />, () => loading.show({ text: 'Claiming...' }), 'Claiming...');
    await act(async () => loading.reset());
  });

  it('of the offline banner', async () => {
    await expectRegionBefore(<OfflineBanner />, () => connectivity.unreachable(), /^Offline:/);
    await act(async () => connectivity.answered());
  });

  it('of a push that arrives while the app is open', async () => {
    await expectRegionBefore(
      <PushBanner />,
      () =>
        showPushBanner({
          title: 'New tasks',
          body: 'Ten new tasks today.',
          link: '/home',
          icon: '/logo.png',
          kind: null,
          image: null,
          messageId: null,
          ack: null,
        }),
      /New tasks/,
    );
  });
});
