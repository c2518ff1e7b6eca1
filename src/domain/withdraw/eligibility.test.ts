import { describe, expect, it } from 'vitest';
import { xrp } from '../money/amount.ts';
import { mayWithdraw, withdrawRules } from './eligibility.ts';
import {
  adReductionHours,
  remainingDaysHours,
  remainingHours,
  waitedShare,
  withdrawalEndTime,
} from './waiting.ts';

const facts = {
  balance: xrp(100),
  addressSaved: true,
  addressHoldUntil: null,
  boundInvitations: 0,
  phoneVerified: false,
};

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

  it('lists the hold of a changed address while it is in force, and it stops a withdrawal', () => {
    const config = { minBalance: xrp(100), requiredBoundInvitations: 0, requirePhone: false };
    const held = withdrawRules(config, { ...facts, addressHoldUntil: 1_800_000_000 });
    expect(held.map((r) => [r.id, r.met, r.required])).toEqual([
      ['min_balance', true, 1_000_000_000n],
      ['address_saved', true, 1n],
      ['address_settled', false, 1_800_000_000n],
    ]);
    expect(mayWithdraw(held)).toBe(false);
  });
});

describe('the countdown', () => {
  it('reads as days and hours, and the bar runs from the request to the end', () => {
    const start = Date.UTC(2026, 10, 1);
    const end = withdrawalEndTime(start, 30, 0);
    expect(remainingDaysHours(end, start + 3_600_000)).toEqual({ days: 29, hours: 23 });
    expect(remainingDaysHours(end, end - 5 * 3_600_000)).toEqual({ days: 0, hours: 5 });
    expect(remainingDaysHours(end, end + 1)).toEqual({ days: 0, hours: 0 });
    expect(waitedShare(start, end, start)).toBe(0);
    expect(waitedShare(start, end, start + (end - start) / 4)).toBe(0.25);
    expect(waitedShare(start, end, end + 1)).toBe(1);
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
