// The full metadata knows each range's type; it stays on the server (the app's copy is the small one).
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Whether a valid number (E.164) is a mobile number of a country, which an SMS can reach. SMS
 * pumping sends codes to premium-rate, shared-cost, satellite and other non-geographic ranges that
 * pay their operator per message; a landline, a toll-free or a VoIP number never shows the code.
 */
export function smsReachable(e164: string): boolean {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isValid() || parsed.country === undefined) return false;
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}
