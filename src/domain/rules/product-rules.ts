import type { InviteRule } from '../invite/counting.ts';
import { xrp, type Amount } from '../money/amount.ts';

/**
 * The product's numbers (docs/product-rules.md#limits-and-constants), in one place. The server may override them from its
 * configuration; everything shown to users (Landing included) is computed from the values in force.
 */
export interface ProductRules {
  tasksPerDay: number;
  dailyTaskCap: Amount;
  giftAmount: Amount;
  kycBonus: Amount;
  /** Annual interest rates in basis points (1% = 100). */
  aprBaseBp: number;
  aprStepBp: number;
  aprMaxBp: number;
  minWithdrawal: Amount;
  waitingDays: number;
  adSeconds: number;
  adReductionMinHours: number;
  adReductionMaxHours: number;
  /** When an invitation counts (domain/invite/counting.ts). */
  inviteRule: InviteRule;
}

/** The default numbers (docs/product-rules.md#limits-and-constants), used when the operator configures nothing else. */
export const DEFAULT_RULES: ProductRules = {
  tasksPerDay: 10,
  dailyTaskCap: xrp(20),
  giftAmount: xrp(30),
  kycBonus: xrp(100),
  aprBaseBp: 500,
  aprStepBp: 100,
  aprMaxBp: 2000,
  minWithdrawal: xrp(100),
  waitingDays: 30,
  adSeconds: 30,
  adReductionMinHours: 12,
  adReductionMaxHours: 24,
  inviteRule: 'phone',
};

/** Annual rate in basis points for a user with this many invitations that count. */
export function annualRateBp(rules: ProductRules, countedInvitees: number): number {
  const earned = rules.aprBaseBp + rules.aprStepBp * Math.max(0, Math.floor(countedInvitees));
  return Math.min(rules.aprMaxBp, earned);
}

/** Parses a percent decimal string ("5", "0.5", "12.25") into basis points, or null. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
}

/** Formats basis points as a percent decimal string: 500 → "5", 550 → "5.5". */
export function formatPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(Math.abs(bp % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
