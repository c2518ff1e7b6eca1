import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as I18n from '#app/i18n/i18n.ts';
import { LanguageButton } from '#app/features/account/components/language-picker.tsx';
import { DevicesSection } from '#app/features/devices/components/devices-section.tsx';
import { AddressFields } from '#app/features/withdraw/components/address-fields.tsx';
import { queryKeys } from '#app/lib/query-keys.ts';
import {
  cacheHolding,
  renderInApp,
  renderInRouter,
  rendersEveryScreenIn,
} from '#tests/helpers/render-in-app.tsx';

// Small controls a screen reader or a weak connection meets: what each says, and what a failure says.

rendersEveryScreenIn('en');

/** Arabic's texts were never downloaded to this device, and it is offline. */
vi.mock('#app/i18n/i18n.ts', async (original) => {
  const real = await original<typeof I18n>();
  return {
    ...real,
    activateLocale: (locale: Parameters<typeof real.activateLocale>[0], options?: { remember?: boolean }) =>
      locale === 'ar'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : real.activateLocale(locale, options),
  };
});

beforeAll(() => {
  // happy-dom has no modal dialogs; the sheet only needs showModal to exist.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});
afterEach(() => vi.unstubAllGlobals());

describe('small controls', () => {
  it('each Paste button says which field it fills', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { readText: () => Promise.resolve('') } });
    await renderInRouter(
      <AddressFields address="" tag="" onAddress={() => undefined} onTag={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Paste the address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Paste the tag' })).toBeTruthy();
  });

  it('a language that cannot be loaded offline says so, instead of doing nothing', async () => {
    await renderInRouter(<LanguageButton />);
    fireEvent.click(screen.getByRole('button', { name: /Language/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'العربية' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "This language's texts are not on this device yet. Try again when you are back online.",
    );
    expect(document.documentElement.lang).not.toBe('ar');
  });

  it("each device's sign-out button says which device it signs out", () => {
    const device = (id: number, browser: string, os: string, current = false) => ({
      id,
      browser,
      os,
      current,
      created_time: 1_795_500_000,
      last_seen_time: 1_795_500_000,
      linked_time: null,
    });
    renderInApp(
      <DevicesSection />,
      cacheHolding(queryKeys.account.devices(), {
        list: [
          device(1, 'Chrome', 'Android', true),
          device(2, 'Firefox', 'Windows'),
          device(3, 'Safari', 'iOS'),
        ],
        latest_link: null,
      }),
    );
    const buttons = screen.getAllByRole('button', { name: 'Sign this device out' });
    expect(buttons.map((button) => button.getAttribute('aria-describedby'))).not.toContain(null);
    expect(
      buttons.map(
        (button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toEqual(['Firefox · Windows', 'Safari · iOS']);
    expect(
      screen.getByRole('button', { name: 'Sign this device out', description: 'Safari · iOS' }),
    ).toBeTruthy();
  });
});
