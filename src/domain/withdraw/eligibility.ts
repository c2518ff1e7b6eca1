import type { Amount } from '../money/amount.ts';

/**
 * No hidden conditions (docs/product-rules.md#no-hidden-conditions): the ONE list of withdrawal rules. The server enforces exactly these and the app shows exactly
 * these, with the user's own progress. A rule the operator leaves off is not on the list at all.
 */
export type WithdrawRuleId =
  'min_balance' | 'address_saved' | 'address_settled' | 'bound_invitations' | 'phone_verified';

/**
 * After the withdrawal address is changed, no withdrawal can start for this long: a stolen session
 * cannot redirect a payout before every signed-in device has heard of the change, and a typo is never
 * permanent (docs/product-rules.md#withdrawal-rules).
 */
export const ADDRESS_CHANGE_HOLD_HOURS = 72;

export interface WithdrawRuleConfig {
  minBalance: Amount;
  /** Invitees who must have saved a withdrawal address; 0 = rule off. */
  requiredBoundInvitations: number;
  /** Whether a verified phone is required. */
  requirePhone: boolean;
}

/** What is known about the user, the facts the rules read. */
export interface WithdrawFacts {
  balance: Amount;
  addressSaved: boolean;
  /** Epoch seconds until which a changed address holds withdrawals; null when none is in force. */
  addressHoldUntil: number | null;
  boundInvitations: number;
  phoneVerified: boolean;
}

export interface WithdrawRuleStatus {
  id: WithdrawRuleId;
  met: boolean;
  /** Progress toward the rule, exactly: an Amount for the balance, a count for the others. */
  current: bigint;
  required: bigint;
}

/** Every rule in force, with the user's progress. */
export function withdrawRules(config: WithdrawRuleConfig, facts: WithdrawFacts): WithdrawRuleStatus[] {
  const rules: WithdrawRuleStatus[] = [
    {
      id: 'min_balance',
      met: facts.balance >= config.minBalance,
      current: facts.balance,
      required: config.minBalance,
    },
    {
      id: 'address_saved',
      met: facts.addressSaved,
      current: facts.addressSaved ? 1n : 0n,
      required: 1n,
    },
  ];
  // Listed only while it holds: the rule exists for an account only after its address was changed.
  if (facts.addressHoldUntil !== null) {
    rules.push({ id: 'address_settled', met: false, current: 0n, required: BigInt(facts.addressHoldUntil) });
  }
  if (config.requiredBoundInvitations > 0) {
    rules.push({
      id: 'bound_invitations',
      met: facts.boundInvitations >= config.requiredBoundInvitations,
      current: BigInt(facts.boundInvitations),
      required: BigInt(config.requiredBoundInvitations),
    });
  }
  if (config.requirePhone) {
    rules.push({
      id: 'phone_verified',
      met: facts.phoneVerified,
      current: facts.phoneVerified ? 1n : 0n,
      required: 1n,
    });
  }
  return rules;
}

/** Whether every rule in force is met. */
export function mayWithdraw(rules: readonly WithdrawRuleStatus[]): boolean {
  return rules.every((rule) => rule.met);
}
