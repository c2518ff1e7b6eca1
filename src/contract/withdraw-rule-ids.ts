/** The ids of the withdrawal rules (src/domain/withdraw/eligibility.ts), for schemas on both sides. */
export const WITHDRAW_RULE_IDS = [
  'min_balance',
  'address_saved',
  'address_settled',
  'bound_invitations',
  'phone_verified',
] as const;
