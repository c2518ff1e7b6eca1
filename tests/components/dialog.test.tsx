import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '#app/components/dialog.tsx';
import { i18n } from '#app/i18n/i18n.ts';
import { renderInApp, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// The modal every screen uses. Only the browser gives the focus back to what opened a dialog, and
// only when the dialog is closed (the journeys check where the focus lands): a dialog unmounted
// while open must be closed first, and that close must not read as the user's.

rendersEveryScreenIn('en');

describe('a dialog', () => {
  it('unmounted while open, is closed while it is still in the page', () => {
    const close = vi.spyOn(HTMLDialogElement.prototype, 'close');
    const connected: boolean[] = [];
    close.mockImplementation(function (this: HTMLDialogElement) {
      connected.push(this.isConnected);
      this.removeAttribute('open');
    });
    const view = renderInApp(
      <Dialog open onClose={() => undefined} title="A task">
        <p>What it asks.</p>
      </Dialog>,
    );
    expect(screen.getByRole('dialog').hasAttribute('open')).toBe(true);
    view.unmount();
    expect(connected).toEqual([true]);
    close.mockRestore();
  });

  it("stays open through StrictMode's rehearsal of an unmount, without telling its owner it closed", async () => {
    const onClose = vi.fn();
    // Outermost, as in main.tsx: React rehearses the unmount only below a StrictMode that is mounted
    // with the root.
    render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <Dialog open onClose={onClose} title="A task">
            <p>What it asks.</p>
          </Dialog>
        </I18nProvider>
      </StrictMode>,
    );
    // The close event of a real browser comes a task later.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('dialog').hasAttribute('open')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });
});
