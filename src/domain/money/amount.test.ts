import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floorToDrops, formatAmount, parseAmount, UNITS_PER_XRP, xrp } from './amount.ts';

describe('amounts', () => {
  it('parses decimal strings exactly', () => {
    expect(parseAmount('30')).toBe(30n * UNITS_PER_XRP);
    expect(parseAmount('0.0000001')).toBe(1n);
    expect(parseAmount('12.3456789')).toBe(123_456_789n);
  });

  it('refuses what it cannot hold exactly', () => {
    for (const bad of ['', '-1', '1e3', '0.00000001', 'NaN', '1.', '.5', '1,5']) {
      expect(parseAmount(bad)).toBeNull();
    }
  });

  it('formats without trailing zeros', () => {
    expect(formatAmount(xrp(30))).toBe('30');
    expect(formatAmount(5_000_000n)).toBe('0.5');
    expect(formatAmount(0n)).toBe('0');
    expect(formatAmount(-15n)).toBe('-0.0000015');
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (units) => {
        expect(parseAmount(formatAmount(units))).toBe(units);
      }),
    );
  });

  it('rounds payouts down to drops', () => {
    expect(floorToDrops(123_456_789n)).toBe(123_456_780n);
    expect(floorToDrops(xrp(1))).toBe(xrp(1));
  });
});
