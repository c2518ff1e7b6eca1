import { floorToDrops, UNITS_PER_XRP, type Amount } from '../money/amount.ts';

/**
 * Daily interest on a balance at an annual rate in basis points: balance × rate / 365, rounded down to
 * a whole drop (0.000001 XRP), the unit of every credit (docs/product-rules.md#money-units).
 */
export function dailyInterest(balance: Amount, annualRateBp: number): Amount {
  if (balance <= 0n || annualRateBp <= 0) return 0n;
  return floorToDrops((balance * BigInt(Math.floor(annualRateBp))) / (10_000n * 365n));
}

/**
 * What a rise of the annual rate by `stepBp` is worth in a year at this balance: balance × step, rounded
 * down to a drop. The balance changes, so this is "at your balance today", never a promise.
 */
export function yearlyWorthOfStep(balance: Amount, stepBp: number): Amount {
  if (balance <= 0n || stepBp <= 0) return 0n;
  return floorToDrops((balance * BigInt(Math.floor(stepBp))) / 10_000n);
}

/**
 * Balance × rate ÷ 365 in XRP before rounding, as an exact decimal string cut after `decimals`
 * places, and whether the division goes on past them: the guide shows "0.0136986301…" beside the
 * 0.013698 XRP that `dailyInterest` credits.
 */
export function unroundedDailyInterest(
  balance: Amount,
  annualRateBp: number,
  decimals = 10,
): { text: string; cut: boolean } {
  if (balance <= 0n || annualRateBp <= 0) return { text: '0', cut: false };
  const denominator = 10_000n * 365n * UNITS_PER_XRP;
  const numerator = balance * BigInt(Math.floor(annualRateBp));
  const whole = numerator / denominator;
  let remainder = numerator % denominator;
  let fraction = '';
  for (let i = 0; i < decimals && remainder > 0n; i++) {
    remainder *= 10n;
    fraction += String(remainder / denominator);
    remainder %= denominator;
  }
  const trimmed = fraction.replace(/0+$/, '');
  return { text: trimmed ? `${whole}.${trimmed}` : String(whole), cut: remainder > 0n };
}
