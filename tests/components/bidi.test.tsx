import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceSession } from '#contract/devices.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { DevicesSection } from '#app/features/devices/components/devices-section.tsx';
import { activateLocale, i18n } from '#app/i18n/i18n.ts';
import { isolatedText, xrpText } from '#app/lib/bidi.ts';
import { queryKeys } from '#app/lib/query-keys.ts';

// Fragments that must keep their order inside right-to-left text, and the device labels the app
// words itself. The browser's own reading order is checked in tests/e2e/right-to-left.spec.ts.

const inApp = (ui: ReactNode, queryClient = new QueryClient()) =>
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );

beforeEach(async () => {
  await activateLocale('ar');
});
afterEach(cleanup);

describe('isolated fragments', () => {
  it('an amount is one left-to-right unit with its sign and its unit inside', () => {
    inApp(
      <p data-testid="sentence">
        اكتملت المهمة: <XrpAmount amount="2.5" sign="+" testId="amount" />
      </p>,
    );
    const amount = screen.getByTestId('amount');
    expect(amount.tagName).toBe('BDI');
    expect(amount.getAttribute('dir')).toBe('ltr');
    // The sign, the digits for the locale and the unit are all inside the isolate, in reading order.
    expect(amount.textContent).toBe(`+${new Intl.NumberFormat('ar').format(2.5)} XRP`);
    expect(screen.getByTestId('sentence').textContent).toBe(`اكتملت المهمة: ${amount.textContent}`);
  });

  it('codes are left to right; text formatted for the locale (a date) keeps its own direction', () => {
    inApp(
      <>
        <Isolate testId="code">+31•••••••44</Isolate>
        <Isolate dir="auto" testId="date">
          24‏/11‏/2026، 8:22 ص
        </Isolate>
      </>,
    );
    expect(screen.getByTestId('code').getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('date').getAttribute('dir')).toBe('auto');
    expect(screen.getByTestId('date').tagName).toBe('BDI');
  });

  it('strings that cannot hold an element (toasts) carry the Unicode isolates instead', () => {
    expect(xrpText('2', '+')).toBe('\u2066+2 XRP\u2069');
    expect(isolatedText('24/11/2026')).toBe('\u206824/11/2026\u2069');
  });
});

describe('device labels', () => {
  const session = (over: Partial<DeviceSession>): DeviceSession => ({
    id: 1,
    browser: 'Chrome',
    os: 'Android',
    current: true,
    created_time: 1_795_500_000,
    last_seen_time: 1_795_500_000,
    linked_time: null,
    ...over,
  });

  function withDevices(data: unknown) {
    const queryClient = new QueryClient();
    // The cache as the device kept it; nothing is fetched in this test.
    queryClient.setQueryDefaults(queryKeys.account.devices(), { enabled: false });
    queryClient.setQueryData(queryKeys.account.devices(), data);
    return queryClient;
  }

  it('unknown browser and system are worded in the user language, known products keep their names', () => {
    inApp(
      <DevicesSection />,
      withDevices({
        list: [session({ id: 1 }), session({ id: 2, browser: null, os: null, current: false })],
        latest_link: { browser: null, os: 'iOS', linked_time: 1_795_500_000, revoked: false },
      }),
    );
    const rows = screen.getAllByTestId('device-row').map((row) => row.querySelector('strong')?.textContent);
    expect(rows).toEqual(['Chrome · Android', 'متصفح غير معروف · نظام غير معروف']);
    expect(screen.getByTestId('latest-link').textContent).toContain('متصفح غير معروف · iOS');
    expect(document.body.textContent).not.toMatch(/Unknown/);
  });

  it('a cache kept before the change (English labels where null is sent now) still renders, translated', () => {
    inApp(
      <DevicesSection />,
      withDevices({
        list: [session({ browser: 'Unknown browser', os: 'Unknown system' })],
        latest_link: null,
      }),
    );
    expect(screen.getByTestId('device-row').querySelector('strong')?.textContent).toBe(
      'متصفح غير معروف · نظام غير معروف',
    );
  });
});
