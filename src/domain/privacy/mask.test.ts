import { describe, expect, it } from 'vitest';
import { maskName } from './mask.ts';

describe('maskName', () => {
  it('keeps two characters and the last of the local part, never the domain', () => {
    expect(maskName('alexander')).toBe('al***r');
    expect(maskName('maria@example.com')).toBe('ma***a');
  });

  it('shows only the first character of a short name, which would otherwise show whole', () => {
    expect(maskName('bob')).toBe('b***');
    expect(maskName('anna')).toBe('a***');
    expect(maskName('ann@gmail.com')).toBe('a***');
    expect(maskName('jo@example.com')).toBe('j***');
    expect(maskName('a')).toBe('a***');
  });

  it('counts characters, so a name outside the basic plane never ends in half of one', () => {
    expect(maskName('𠀀𠀁𠀂𠀃𠀄')).toBe('𠀀𠀁***𠀄');
    expect(maskName('𠀀𠀁')).toBe('𠀀***');
  });
});
