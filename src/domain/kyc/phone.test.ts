import { describe, expect, it } from 'vitest';
import { maskPhone, normalisePhone, numberRange } from './phone.ts';

describe('phone numbers', () => {
  it('normalises valid numbers to E.164 and refuses the rest', () => {
    expect(normalisePhone('+44 7400 123456')).toBe('+447400123456');
    expect(normalisePhone('  +1 (202) 555-0143 ')).toBe('+12025550143');
    expect(normalisePhone('994501234567')).toBe('+994501234567');
    for (const bad of ['', '123', '+1 000', 'phone', '+44 7400 123456 999 999 999', '+44 7700 900123']) {
      expect(normalisePhone(bad)).toBeNull();
    }
  });

  it('groups numbers by range and masks them', () => {
    expect(numberRange('+447400123456')).toBe('+447400');
    expect(maskPhone('+447400123456')).toBe('+44••••••••56');
  });
});
