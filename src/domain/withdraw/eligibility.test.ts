import { describe, expect, it } from 'vitest';
import { xrp } from '../money/amount.ts';
import { mayWithdraw, withdrawRules } from './eligibility.ts';
import { adReductionHours, remainingHours, withdrawalEndTime } from './waiting.ts';

const facts = { balance: xrp(100), addressSaved: true, boundInvitations: 0, phoneVerified: false };

describe('the withdrawal rules', () => {
  it('by default: a balance of at least 100 XRP and a saved address, and nothing else', () => {
    const config = { minBalance: xrp(100), requiredBoundInvitations: 0, requirePhone: false };
    expect(withdrawRules(config, facts).map((r) => r.id)).toEqual(['min_balance', 'address_saved']);
    expect(mayWithdraw(withdrawRules(config, facts))).toBe(true);
    expect(mayWithdraw(withdrawRules(config, { ...facts, balance: xrp(100) - 1n }))).toBe(false);
    expect(mayWithdraw(withdrawRules(config, { ...facts, addressSaved: false }))).toBe(false);
  });

  it('lists the operator rules only when switched on, with the user progress', () => {
    const config = { minBalance: xrp(100), requiredBoundInvitations: 3, requirePhone: true };
    const rules = withdrawRules(config, { ...facts, boundInvitations: 2 });
    expect(rules.map((r) => [r.id, r.met, r.current, r.required])).toEqual([
      ['min_balance', true, 1_000_000_000n, 1_000_000_000n],
      ['address_saved', true, 1n, 1n],
      ['bound_invitations', false, 2n, 3n],
      ['phone_verified', false, 0n, 1n],
    ]);
    expect(mayWithdraw(rules)).toBe(false);
  });
});

describe('the waiting period', () => {
  it('ends 30 days after the request, less the hours ads removed; hours left are floored, never negative', () => {
    const start = Date.UTC(2026, 10, 1);
    const end = withdrawalEndTime(start, 30, 18);
    expect(end - start).toBe((30 * 24 - 18) * 3_600_000);
    expect(remainingHours(end, start)).toBe(30 * 24 - 18);
    expect(remainingHours(end, end - 3_599_999)).toBe(0);
    expect(remainingHours(end, end + 1)).toBe(0);
  });

  it('an ad removes 12 to 24 whole hours, both ends possible', () => {
    expect(adReductionHours(12, 24, 0)).toBe(12);
    expect(adReductionHours(12, 24, 0.999999)).toBe(24);
    const seen = new Set(Array.from({ length: 2000 }, (_, i) => adReductionHours(12, 24, i / 2000)));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => 12 + i));
  });
});
