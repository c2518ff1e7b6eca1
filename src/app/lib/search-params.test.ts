import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params.ts';

describe('search parameters', () => {
  it('keep every value as the text in the address', () => {
    // Each of these the router's default read as JSON or as a number.
    expect(parseSearch('?invite=124E0979&q=12345678&flag=true&name=%2242%22&empty=')).toEqual({
      invite: '124E0979',
      q: '12345678',
      flag: 'true',
      name: '"42"',
      empty: '',
    });
  });

  it('write what they read, numbers as their digits', () => {
    const search = { invite: '124E0979', q: '00042', tab: 'register' };
    expect(stringifySearch(search)).toBe('?invite=124E0979&q=00042&tab=register');
    expect(parseSearch(stringifySearch(search))).toEqual(search);
    expect(stringifySearch({ min_age_days: 3, user: undefined, state: 'all' })).toBe(
      '?min_age_days=3&state=all',
    );
    expect(stringifySearch({})).toBe('');
  });
});
