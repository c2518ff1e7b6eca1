import type { Amount } from '../money/amount.ts';

/** Daily interest on a balance at an annual rate in basis points: balance × rate / 365, rounded down. */
export function dailyInterest(balance: Amount, annualRateBp: number): Amount {
  if (balance <= 0n || annualRateBp <= 0) return 0n;
  return (balance * BigInt(Math.floor(annualRateBp))) / (10_000n * 365n);
}
