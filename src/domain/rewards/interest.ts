import { floorToDrops, type Amount } from '../money/amount.ts';

/**
 * Daily interest on a balance at an annual rate in basis points: balance × rate / 365, rounded down to
 * a whole drop (0.000001 XRP), the unit of every credit (docs/product-rules.md#money-units).
 */
export function dailyInterest(balance: Amount, annualRateBp: number): Amount {
  if (balance <= 0n || annualRateBp <= 0) return 0n;
  return floorToDrops((balance * BigInt(Math.floor(annualRateBp))) / (10_000n * 365n));
}
