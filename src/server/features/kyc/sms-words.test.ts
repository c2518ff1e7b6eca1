import { describe, expect, it } from 'vitest';
import { LOCALES } from '#domain/i18n/locales.ts';
import { poEntries, readSmsCatalogs, smsTextFrom } from './sms-words.ts';

const smsText = smsTextFrom(readSmsCatalogs(new URL('../../../../locales/', import.meta.url)));

describe('the SMS text', () => {
  it('binds the code to Earnest and warns against typing it elsewhere, in English', () => {
    const text = smsText('123456', 'earnest.example', 'en');
    expect(text.split('\n')[0]).toBe('Earnest code: 123456. Valid for 10 minutes.');
    expect(text).toContain('Never type it into WhatsApp');
    expect(text.split('\n').at(-1)).toBe('@earnest.example #123456');
  });

  it("is in every language's own words, with the code in it and the address line last", () => {
    const english = smsText('123456', 'earnest.example', 'en');
    for (const locale of LOCALES.filter((locale) => locale !== 'en')) {
      const text = smsText('123456', 'earnest.example', locale);
      const [codeLine = '', warning = ''] = text.split('\n');
      expect(codeLine, locale).toContain('123456');
      expect(codeLine, locale).not.toBe(english.split('\n')[0]);
      expect(warning, locale).not.toBe(english.split('\n')[1]);
      expect(warning.length, locale).toBeGreaterThan(20);
      expect(text.split('\n').at(-1), locale).toBe('@earnest.example #123456');
    }
    expect(smsText('123456', 'earnest.example', 'ru')).toContain('Код Earnest: 123456.');
  });

  it("reads a catalog's quoted, escaped and wrapped strings", () => {
    const entries = poEntries(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: fr\\n"',
        '',
        'msgid "a"',
        'msgstr ""',
        '"Un \\"code\\" : "',
        '"{code}"',
        '',
      ].join('\n'),
    );
    expect(entries.get('a')).toBe('Un "code" : {code}');
    expect(entries.has('')).toBe(false);
  });
});
