import { describe, expect, it } from 'vitest';
import { asciiDigits } from './digits.ts';

describe('digits typed on any keyboard', () => {
  it('reads Arabic-Indic, Persian and full-width digits as ASCII, and leaves the rest as typed', () => {
    expect(asciiDigits('١٢٣٤٥٦')).toBe('123456');
    expect(asciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(asciiDigits('٠٩')).toBe('09');
    expect(asciiDigits('１２３４５６')).toBe('123456');
    expect(asciiDigits('tag 42')).toBe('tag 42');
  });
});
