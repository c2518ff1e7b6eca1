import { describe, expect, it } from 'vitest';
import { nearestRank, payoutTimes, reserveRatioPercent, type PaidSample } from './payout-times.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
const sample = (took: number, reducedHours = 0): PaidSample => ({
  requestedAt: at(0),
  validatedAt: at(took),
  reducedHours,
});

describe('payout times', () => {
  it('says nothing below five paid withdrawals', () => {
    expect(payoutTimes([1, 2, 3, 4].map((s) => sample(s)))).toBeNull();
  });

  it('takes the nearest rank, so every figure is a time a payout really took', () => {
    expect(nearestRank([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(nearestRank([1, 2, 3, 4], 50)).toBe(2);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
  });

  it('adds the ad reductions back for the figures without them', () => {
    const times = payoutTimes([sample(100, 1), sample(200, 0), sample(300, 2), sample(400), sample(500)]);
    expect(times).toEqual({
      count: 5,
      medianSeconds: 300,
      p90Seconds: 500,
      medianWithoutAdsSeconds: 500,
      p90WithoutAdsSeconds: 7500,
    });
  });
});

describe('reserve ratio', () => {
  it('is exact and floored to hundredths of a percent', () => {
    expect(reserveRatioPercent(2n, 3n)).toBe('66.66');
    expect(reserveRatioPercent(3n, 2n)).toBe('150.00');
    expect(reserveRatioPercent(5n, 0n)).toBeNull();
    expect(reserveRatioPercent(null, 5n)).toBeNull();
  });
});
