/**
 * Money is never a float. An Amount is a bigint count of 10^-7 XRP, the unit the ledger's columns have
 * always stored. Every amount Earnest credits, debits or pays is a whole number of drops (10^-6 XRP,
 * the XRP Ledger's payable unit; the database refuses any other), so what a balance shows is exactly
 * what "withdraw all" sends (docs/product-rules.md#money-units). Entries older than that rule may hold
 * a fraction of a drop; they are read with the extra digit and were evened out by a later entry.
 */
export type Amount = bigint;

/** Decimal places of an Amount. */
export const AMOUNT_DECIMALS = 7;
/** Units in one XRP. */
export const UNITS_PER_XRP = 10n ** BigInt(AMOUNT_DECIMALS);
/** Units in one drop, the XRP Ledger's smallest amount. */
export const UNITS_PER_DROP = UNITS_PER_XRP / 1_000_000n;
/** Decimal places of a drop: the most any amount Earnest shows or credits has. */
export const DROP_DECIMALS = 6;

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

/**
 * Parses a decimal string that must be a whole number of drops (configuration, task rewards): more
 * than 6 decimals is refused, never rounded.
 */
export function parseDrops(text: string): Amount | null {
  const amount = parseAmount(text);
  return amount !== null && isWholeDrops(amount) ? amount : null;
}

/** Whether an Amount is a whole number of drops, as every credit and debit must be. */
export function isWholeDrops(amount: Amount): boolean {
  return amount % UNITS_PER_DROP === 0n;
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

/** Rounds an Amount down to whole drops, as every credit is (interest's fraction of a drop is not paid). */
export function floorToDrops(amount: Amount): Amount {
  return amount - (amount % UNITS_PER_DROP);
}
