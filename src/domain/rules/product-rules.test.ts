import { describe, expect, it } from 'vitest';
import { annualRateBp, DEFAULT_RULES, formatPercent, parsePercent } from './product-rules.ts';

describe('annual rate', () => {
  it('starts at 5% and rises 1% per bound invitee up to 20%', () => {
    expect(annualRateBp(DEFAULT_RULES, 0)).toBe(500);
    expect(annualRateBp(DEFAULT_RULES, 3)).toBe(800);
    expect(annualRateBp(DEFAULT_RULES, 15)).toBe(2000);
    expect(annualRateBp(DEFAULT_RULES, 400)).toBe(2000);
  });

  it('parses percents exactly', () => {
    expect(parsePercent('5')).toBe(500);
    expect(parsePercent('0.5')).toBe(50);
    expect(parsePercent('12.25')).toBe(1225);
    expect(parsePercent('1.234')).toBeNull();
    expect(parsePercent('-1')).toBeNull();
  });

  it('formats as a percent', () => {
    expect(formatPercent(500)).toBe('5');
    expect(formatPercent(550)).toBe('5.5');
    expect(formatPercent(2000)).toBe('20');
    expect(formatPercent(5)).toBe('0.05');
  });
});
