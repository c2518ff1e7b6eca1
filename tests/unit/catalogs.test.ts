import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePoFile } from '@lingui/format-po';
// The ICU parser Lingui compiles the catalogs with (through @lingui/message-utils).
import { parse, type PluralCategory, type Select } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE, type Locale } from '#domain/i18n/locales.ts';

/**
 * The first screen's catalog, every other screen's, and the operator console's own (loaded only by
 * the console: docs/operators.md).
 */
const CATALOGS = ['first-screen', 'messages', 'ops'] as const;

function catalog(dir: string, locale: string, name: (typeof CATALOGS)[number] = 'messages') {
  return parsePoFile(readFileSync(join(dir, locale, `${name}.po`), 'utf8')).items;
}

/**
 * Placeholder names of an ICU message: {name}, {name, plural, ...}; `#` and branch words excluded.
 * Each once: a plural repeats a placeholder in each of its forms, and languages have more or fewer.
 */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([\w]+)\s*[,}]/g)].map((m) => m[1] ?? ''))].sort();
}

type Part = ReturnType<typeof parse>[number] | Select['cases'][number]['tokens'][number];

/** The plural choices of a message, nested ones included. */
function pluralsIn(parts: readonly Part[]): Select[] {
  return parts.flatMap((part) =>
    part.type === 'plural' || part.type === 'select' || part.type === 'selectordinal'
      ? [...(part.type === 'plural' ? [part] : []), ...part.cases.flatMap((c) => pluralsIn(c.tokens))]
      : [],
  );
}

/**
 * The text of a message outside its plurals: each argument as {name}, each plural as "…". A count
 * written there before its noun ("{days} days") reads "1 days" in English and is wrong for most
 * numbers in Russian, Ukrainian and Arabic, whose nouns take a form for each plural category.
 */
function outsidePlurals(parts: readonly Part[]): string {
  return parts
    .map((part) => {
      switch (part.type) {
        case 'content':
          return part.value;
        case 'argument':
        case 'function':
          return `{${part.arg}}`;
        case 'select':
          return part.cases.map((c) => outsidePlurals(c.tokens)).join(' | ');
        case 'plural':
        case 'selectordinal':
          return '…';
        case 'octothorpe':
          return '#';
      }
    })
    .join('');
}

const COUNT_BEFORE_NOUN =
  /\{\w+\} (days?|hours?|minutes?|seconds?|tries|tasks?|withdrawals?|invitations?|friends?|people|persons?)\b/;

/**
 * The plural forms a language's messages may leave out, as they read the same as "other": French,
 * Spanish and Portuguese use "many" only for round millions ("1 000 000 de retraits"); a Turkish or
 * Azerbaijani noun does not change after a number ("1 gün", "5 gün").
 */
const OPTIONAL_FORMS: Partial<Record<Locale, readonly PluralCategory[]>> = {
  fr: ['many'],
  es: ['many'],
  pt: ['many'],
  tr: ['one'],
  az: ['one'],
};

/** The plural categories of a language (Arabic: zero, one, two, few, many, other). */
function pluralForms(locale: Locale): PluralCategory[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
}

// Entries that may read the same as English: a single word (Video, Web and Notification are the
// same word in several languages) and amounts with their unit.
const MAY_MATCH_ENGLISH = /^(\+?\{\w+\} XRP|[\p{L}-]+)$/u;

describe.each(CATALOGS)('translation catalog %s', (name) => {
  const source = catalog('locales', SOURCE_LOCALE, name);

  it('has messages to translate', () => {
    expect(source.length).toBeGreaterThan(50);
  });

  for (const locale of LOCALES) {
    it(`${locale}: translates every message, keeping its placeholders`, () => {
      const items = catalog('locales', locale, name);
      expect(items.map((i) => `${i.msgctxt ?? ''}\u0004${i.msgid}`).sort()).toEqual(
        source.map((i) => `${i.msgctxt ?? ''}\u0004${i.msgid}`).sort(),
      );
      const missing = items.filter((i) => (i.msgstr[0] ?? '').trim() === '').map((i) => i.msgid);
      expect(missing).toEqual([]);
      const broken = items
        .filter((i) => placeholders(i.msgstr[0] ?? '').join() !== placeholders(i.msgid).join())
        .map((i) => i.msgid);
      expect(broken).toEqual([]);
    });
  }

  it('counts a number with its noun only inside a plural', () => {
    const unpluralized = source.filter((i) => COUNT_BEFORE_NOUN.test(outsidePlurals(parse(i.msgid))));
    expect(unpluralized.map((i) => i.msgid)).toEqual([]);
  });

  for (const locale of LOCALES) {
    it(`${locale}: gives each plural every form the language tells apart, and no other`, () => {
      const forms = pluralForms(locale);
      const required = forms.filter((form) => !OPTIONAL_FORMS[locale]?.includes(form));
      const wrong = catalog('locales', locale, name).flatMap((item) => {
        let parts: Part[];
        try {
          // Refuses a form the language does not have (a "few" in French).
          parts = parse(item.msgstr[0] ?? '', { cardinal: forms });
        } catch (error) {
          return [`${item.msgid}: ${String(error)}`];
        }
        return pluralsIn(parts).flatMap((plural) => {
          const missing = required.filter((form) => !plural.cases.some((c) => c.key === form));
          return missing.length > 0 ? [`${item.msgid}: no ${missing.join(', ')}`] : [];
        });
      });
      expect(wrong).toEqual([]);
    });
  }

  for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
    it(`${locale}: is really translated, not copied from English`, () => {
      const copied = catalog('locales', locale, name).filter(
        (i) => i.msgstr[0] === i.msgid && !MAY_MATCH_ENGLISH.test(i.msgid),
      );
      expect(copied.map((i) => i.msgid)).toEqual([]);
    });
  }
});

describe('translation catalogs', () => {
  it('are in sync with the source code (extraction would change nothing)', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'earnest-catalogs-'));
    try {
      execFileSync(process.execPath, ['node_modules/@lingui/cli/dist/lingui.js', 'extract', '--clean'], {
        // NODE_ENV=test (set by Vitest) makes the CLI look for its own test-only worker files.
        env: { ...process.env, NODE_ENV: 'production', LINGUI_CATALOG_DIR: scratch },
        stdio: 'pipe',
      });
      for (const name of CATALOGS) {
        const ids = (dir: string) =>
          catalog(dir, SOURCE_LOCALE, name)
            .map((i) => `${i.msgctxt ?? ''}\u0004${i.msgid}`)
            .sort();
        expect(ids('locales'), name).toEqual(ids(scratch));
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
