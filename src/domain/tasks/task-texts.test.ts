import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales.ts';
import { missingLocales } from './task-texts.ts';

describe('missingLocales', () => {
  it('names every language without a title or a text', () => {
    const all = Object.fromEntries(LOCALES.map((l) => [l, { title: 'T', text: 'X' }]));
    expect(missingLocales(all)).toEqual([]);
    expect(missingLocales({ ...all, ar: { title: ' ', text: 'X' }, fr: undefined })).toEqual(['ar', 'fr']);
    expect(missingLocales({})).toEqual([...LOCALES]);
  });
});
