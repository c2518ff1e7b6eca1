/**
 * When an invitation counts toward the inviter's rate and the invitation rule of withdrawals
 * (docs/product-rules.md#invitations): only after the friend did something a script cannot mint for
 * free. The operator picks the rule; the Invite screen states the one in force.
 * - `phone` (default): the friend verified a phone number that no other counted invitee used;
 * - `wallet`: the friend saved a withdrawal address (cheap to fake: tags can be invented);
 * - `phone_and_wallet`: both.
 * A banned or deleted friend never counts, so counting follows such changes at once.
 */
export const INVITE_RULES = ['phone', 'wallet', 'phone_and_wallet'] as const;
export type InviteRule = (typeof INVITE_RULES)[number];

/** counts; waiting (the friend has not done what the rule asks yet); not_counted (and will not be). */
export type InviteStatus = 'counts' | 'waiting' | 'not_counted';

export interface InviteeFacts {
  phoneVerified: boolean;
  /** Another invitee verified the same number first and counts. */
  phoneCountedElsewhere: boolean;
  walletBound: boolean;
  /** Banned or deleted. */
  closed: boolean;
}

/** Whether a rule asks for a verified phone. */
export const needsPhone = (rule: InviteRule) => rule !== 'wallet';
/** Whether a rule asks for a saved withdrawal address. */
export const needsWallet = (rule: InviteRule) => rule !== 'phone';

/** Where one invitation stands under a rule. */
export function inviteStatus(rule: InviteRule, facts: InviteeFacts): InviteStatus {
  if (facts.closed) return 'not_counted';
  if (needsPhone(rule) && facts.phoneVerified && facts.phoneCountedElsewhere) return 'not_counted';
  if (needsPhone(rule) && !facts.phoneVerified) return 'waiting';
  if (needsWallet(rule) && !facts.walletBound) return 'waiting';
  return 'counts';
}

/** Tells whether a string names a rule. */
export function isInviteRule(value: string): value is InviteRule {
  return (INVITE_RULES as readonly string[]).includes(value);
}
