import { i18n } from '@lingui/core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  floorToDrops,
  formatAmount,
  parseAmount,
  UNITS_PER_DROP,
  type Amount,
} from '#domain/money/amount.ts';
import { dailyInterest } from '#domain/rewards/interest.ts';
import { formatDays, formatPercent, formatXrp } from './format.ts';

// What a balance shows is exactly what "withdraw all" sends: every credit is whole drops, and the screen
// shows a drop's six decimals with trailing zeros trimmed (docs/product-rules.md#money-units).

type Step = { kind: 'task'; drops: bigint } | { kind: 'interest'; rateBp: number } | { kind: 'withdraw' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('task' as const), drops: fc.bigInt({ min: 1n, max: 50_000_000n }) }),
  fc.record({ kind: fc.constant('interest' as const), rateBp: fc.integer({ min: 1, max: 2_000 }) }),
  fc.record({ kind: fc.constant('withdraw' as const) }),
);

/** The number a person reads off the screen, back as an Amount (en: "1,234.5" → 1234.5 XRP). */
function read(shown: string): Amount | null {
  return parseAmount(shown.replaceAll(',', ''));
}

describe('amounts on screen', () => {
  beforeAll(() => {
    i18n.load('en', {});
    i18n.activate('en');
  });

  it('show the balance to the drop, trailing zeros trimmed', () => {
    expect(formatXrp('150.020547')).toBe('150.020547');
    expect(formatXrp('30')).toBe('30');
    expect(formatXrp('0.5')).toBe('0.5');
    expect(formatXrp('0')).toBe('0');
  });

  it('equal what "withdraw all" sends, for any sequence of credits, interest claims and withdrawals', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let balance = 0n;
        for (const s of steps) {
          if (s.kind === 'task') balance += s.drops * UNITS_PER_DROP;
          if (s.kind === 'interest') balance += dailyInterest(balance, s.rateBp);
          if (s.kind === 'withdraw') {
            const shown = read(formatXrp(formatAmount(balance)));
            const sent = floorToDrops(balance);
            expect(shown).toBe(sent);
            balance -= sent;
            expect(balance).toBe(0n);
          }
        }
        expect(read(formatXrp(formatAmount(balance)))).toBe(floorToDrops(balance));
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatters kept between calls', () => {
  it('follow a change of locale', () => {
    i18n.load({ en: {}, fr: {} });
    i18n.activate('en');
    expect(formatXrp('1234.5')).toBe('1,234.5');
    expect(formatPercent('6.5')).toBe('6.5%');
    i18n.activate('fr');
    expect(formatXrp('1234.5')).toBe(
      new Intl.NumberFormat('fr', { maximumFractionDigits: 6 }).format(1234.5),
    );
    expect(formatXrp('1234.5')).not.toBe('1,234.5');
    expect(formatPercent('6.5')).toBe(
      new Intl.NumberFormat('fr', { style: 'percent', maximumFractionDigits: 2 }).format(0.065),
    );
    i18n.activate('en');
    expect(formatXrp('1234.5')).toBe('1,234.5');
  });
});

describe('a number of days', () => {
  it('agrees with the number in each language, as a waiting period of any length needs', () => {
    const days = (locale: string, ...counts: number[]) => {
      i18n.load(locale, {});
      i18n.activate(locale);
      // French puts a narrow no-break space between the number and the word.
      return counts.map((n) => formatDays(n).replace(/\s/g, ' '));
    };
    expect(days('en', 1, 30)).toEqual(['1 day', '30 days']);
    expect(days('ru', 1, 3, 5, 21)).toEqual(['1 день', '3 дня', '5 дней', '21 день']);
    expect(days('uk', 1, 3, 5)).toEqual(['1 день', '3 дні', '5 днів']);
    expect(days('fr', 1, 30)).toEqual(['1 jour', '30 jours']);
    expect(days('ar', 2, 3, 30)).toEqual(['يومان', '3 أيام', '30 يومًا']);
  });
});
