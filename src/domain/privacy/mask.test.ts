import { describe, expect, it } from 'vitest';
import { maskName } from './mask.ts';

describe('maskName', () => {
  it('keeps two characters and the last of the local part, never the domain', () => {
    expect(maskName('alexander')).toBe('al***r');
    expect(maskName('jo@example.com')).toBe('j***');
    expect(maskName('maria@example.com')).toBe('ma***a');
    expect(maskName('a')).toBe('a***');
  });
});
