import { describe, expect, it } from 'vitest';
import { xrp } from '../money/amount.ts';
import { dailyInterest } from './interest.ts';

describe('daily interest', () => {
  it('is balance × rate / 365, exact to 10^-7 XRP and rounded down', () => {
    // 100 XRP at 5%: 100 × 0.05 / 365 = 0.0136986301... XRP
    expect(dailyInterest(xrp(100), 500)).toBe(136_986n);
    expect(dailyInterest(xrp(365), 2000)).toBe(xrp(365) / 5n / 365n);
  });

  it('rounds down even where rounding to the nearest would round up', () => {
    // 1 XRP at 5%: 10^7 × 0.05 / 365 = 1369.86 units of 10^-7 XRP.
    expect(dailyInterest(xrp(1), 500)).toBe(1369n);
    // 7 XRP at 13%: 24931.507 units.
    expect(dailyInterest(xrp(7), 1300)).toBe(24_931n);
  });

  it('is zero on an empty balance', () => {
    expect(dailyInterest(0n, 500)).toBe(0n);
  });
});
