import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isWholeDrops, xrp } from '../money/amount.ts';
import { dailyInterest, unroundedDailyInterest, yearlyWorthOfStep } from './interest.ts';

describe('daily interest', () => {
  it('is balance × rate / 365, rounded down to a whole drop', () => {
    // 100 XRP at 5%: 100 × 0.05 / 365 = 0.01369863... XRP → 0.013698 XRP (13,698 drops).
    expect(dailyInterest(xrp(100), 500)).toBe(136_980n);
    // 0.0006205 XRP at 100%: exactly 1.7 drops a day; to the nearest drop that would be 2, down it is 1.
    expect(dailyInterest(6_205n, 10_000)).toBe(10n);
    expect(dailyInterest(xrp(365), 2000)).toBe(xrp(365) / 5n / 365n);
  });

  it('is always a whole number of drops, and never more than the exact share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.integer({ min: 0, max: 10_000 }),
        (balance, bp) => {
          const paid = dailyInterest(balance, bp);
          expect(isWholeDrops(paid)).toBe(true);
          const exact = (balance * BigInt(bp)) / (10_000n * 365n);
          expect(paid <= exact && exact - paid < 10n).toBe(true);
        },
      ),
    );
  });

  it('shows the division before rounding, exactly, and the credit is it cut to whole drops', () => {
    expect(unroundedDailyInterest(xrp(100), 500)).toEqual({ text: '0.0136986301', cut: true });
    expect(unroundedDailyInterest(xrp(365), 2000)).toEqual({ text: '0.2', cut: false });
    expect(unroundedDailyInterest(0n, 500)).toEqual({ text: '0', cut: false });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 10_000 }),
        (balance, bp) => {
          const { text } = unroundedDailyInterest(balance, bp, 6);
          // Cut after 6 decimals (whole drops), the exact share is what dailyInterest credits.
          const [whole = '0', fraction = ''] = text.split('.');
          const drops = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
          expect(drops * 10n).toBe(dailyInterest(balance, bp));
        },
      ),
    );
  });

  it('prices a rate step at a balance for a year, to the drop', () => {
    expect(yearlyWorthOfStep(xrp(150), 100)).toBe(xrp(150) / 100n); // 1% of 150 XRP: 1.5 XRP
    expect(yearlyWorthOfStep(123_456_789n, 100)).toBe(1_234_560n);
    expect(yearlyWorthOfStep(0n, 100)).toBe(0n);
  });

  it('is zero on an empty balance', () => {
    expect(dailyInterest(0n, 500)).toBe(0n);
  });
});
