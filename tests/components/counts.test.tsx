import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KycStatus } from '#contract/kyc.ts';
import { PendingNote } from '#app/features/kyc/components/phone-verification.tsx';
import { activateLocale, i18n } from '#app/i18n/i18n.ts';
import { adReduction } from '#app/lib/ad-reduction.ts';
import { renderInApp, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// A count shown with its noun takes the noun's form for that number, in each language: "1 try left",
// not "1 tries left"; in Russian one form for 1, another for 3, another for 5.

rendersEveryScreenIn('en');

const pending = (tries: number): KycStatus => ({
  state: 'pending',
  phone: '+44 7*** ***123',
  expires_time: 1_800_000_000,
  tries_left: tries,
  bonus_amount: '100',
  bonus_credited: false,
});

function triesLeft(tries: number): string {
  const { unmount } = renderInApp(<PendingNote status={pending(tries)} />);
  const text = screen.getByTestId('kyc-pending').textContent ?? '';
  unmount();
  // What follows the validity date: the count of tries.
  return text.slice(text.lastIndexOf(';') + 1).trim();
}

describe('the tries left of a phone code', () => {
  it('says "1 try left" and "5 tries left" in English', () => {
    expect(triesLeft(1)).toBe('1 try left.');
    expect(triesLeft(5)).toBe('5 tries left.');
  });

  it('takes the Russian form for 1, for 3 and for 5', async () => {
    await activateLocale('ru');
    expect(triesLeft(1)).toBe('осталась 1 попытка.');
    expect(triesLeft(3)).toBe('осталось 3 попытки.');
    expect(triesLeft(5)).toBe('осталось 5 попыток.');
  });
});

describe('how much the daily ad shortens the wait', () => {
  it('agrees with the last number of the range, and says one number when the range has one', async () => {
    expect(adReduction(i18n, 12, 24)).toBe('by 12 to 24 hours');
    expect(adReduction(i18n, 1, 1)).toBe('by 1 hour');
    await activateLocale('ru');
    expect(adReduction(i18n, 12, 24)).toBe('на 12–24 часа');
    expect(adReduction(i18n, 5, 11)).toBe('на 5–11 часов');
    expect(adReduction(i18n, 12, 21)).toBe('на 12–21 час');
    await activateLocale('uk');
    expect(adReduction(i18n, 12, 21)).toBe('на 12–21 годину');
  });
});
