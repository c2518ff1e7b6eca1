import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeviceSession } from '#contract/devices.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { DevicesSection } from '#app/features/devices/components/devices-section.tsx';
import { WeekHistory } from '#app/features/tasks/components/week-history.tsx';
import { activateLocale } from '#app/i18n/i18n.ts';
import { isolatedText, xrpText } from '#app/lib/bidi.ts';
import { queryKeys } from '#app/lib/query-keys.ts';
import { cacheHolding, renderInApp, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// Fragments that must keep their order inside right-to-left text, and the device labels the app
// words itself. The browser's own reading order is checked in tests/e2e/right-to-left.spec.ts.

rendersEveryScreenIn('ar');

describe('isolated fragments', () => {
  it('an amount is one left-to-right unit with its sign and its unit inside', () => {
    renderInApp(
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
    renderInApp(
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

  const withDevices = (data: unknown) => cacheHolding(queryKeys.account.devices(), data);

  it('unknown browser and system are worded in the user language, known products keep their names', () => {
    renderInApp(
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
    renderInApp(
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

describe('the week of tasks in Arabic', () => {
  it('shows each day by its narrowest name, where the short names are whole words, and reads out the full one', () => {
    const days = [
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ].map((day, i) => ({ day, weekday: (4 + i) % 7, count: i }));
    renderInApp(<WeekHistory days={days} perDay={10} />);
    const labels = [...document.querySelectorAll('.week-day')];
    expect(labels).toHaveLength(7);
    const thursday = labels[0];
    // Thursday: the short name الخميس ran into Friday's in a week's narrow column.
    expect(thursday?.querySelector('[aria-hidden="true"]')?.textContent).toBe('خ');
    expect(thursday?.querySelector('.sr-only')?.textContent).toBe('الخميس');
    for (const label of labels)
      expect(label.querySelector('[aria-hidden="true"]')?.textContent?.length).toBe(1);
  });

  it('draws the names again in the language the user switches to', async () => {
    renderInApp(<WeekHistory days={[{ day: '2026-11-19', weekday: 4, count: 0 }]} perDay={10} />);
    const shown = () => document.querySelector('.week-day [aria-hidden="true"]')?.textContent;
    expect(shown()).toBe('خ');
    await act(() => activateLocale('en'));
    expect(shown()).toBe('Thu');
  });
});
