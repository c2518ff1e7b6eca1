import { parsePercent } from '#domain/rules/product-rules.ts';

/** The rates of invitations as the server sends them (public settings and the invite list alike). */
interface InviteRates {
  apr_base: string;
  apr_step: string;
  apr_max: string;
}

/**
 * Whether an invitation that counts raises anyone's rate: not when the operator set the step to 0 or
 * the maximum to the base rate. Then no screen may promise a rise (docs/product-rules.md#no-contradicting-claims).
 */
export function invitationsRaiseRate(rates: InviteRates): boolean {
  const base = parsePercent(rates.apr_base) ?? 0;
  const step = parsePercent(rates.apr_step) ?? 0;
  const max = parsePercent(rates.apr_max) ?? 0;
  return step > 0 && max > base;
}
