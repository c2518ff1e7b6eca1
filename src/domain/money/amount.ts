/**
 * Money is never a float. An Amount is a bigint count of the smallest unit Earnest keeps: 10^-7 XRP,
 * so that daily interest shows exactly with 7 decimals. XRP payouts round down to drops
 * (10^-6 XRP).
 */
export type Amount = bigint;

/** Decimal places of an Amount. */
export const AMOUNT_DECIMALS = 7;
/** Units in one XRP. */
export const UNITS_PER_XRP = 10n ** BigInt(AMOUNT_DECIMALS);
/** Units in one drop, the XRP Ledger's smallest amount. */
export const UNITS_PER_DROP = UNITS_PER_XRP / 1_000_000n;

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a non-negative decimal string ("30", "0.5", "12.3456789") into an Amount. Returns null for
 * anything else, including more decimals than an Amount can hold: input is never rounded silently.
 */
export function parseAmount(text: string): Amount | null {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > AMOUNT_DECIMALS) return null;
  return BigInt(whole) * UNITS_PER_XRP + BigInt(fraction.padEnd(AMOUNT_DECIMALS, '0') || '0');
}

/** An Amount of whole XRP. */
export function xrp(whole: number | bigint): Amount {
  return BigInt(whole) * UNITS_PER_XRP;
}

/** Formats an Amount as a plain decimal string without trailing zeros ("30", "0.0012"), for the wire. */
export function formatAmount(amount: Amount): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const whole = abs / UNITS_PER_XRP;
  const fraction = (abs % UNITS_PER_XRP).toString().padStart(AMOUNT_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Rounds an Amount down to whole drops, as an XRP payout must be. */
export function floorToDrops(amount: Amount): Amount {
  return amount - (amount % UNITS_PER_DROP);
}
