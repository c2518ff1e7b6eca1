import { floorToDrops, type Amount } from '../money/amount.ts';

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
