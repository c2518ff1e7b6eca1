/**
 * The waiting period: a withdrawal is paid at create time + the waiting days − the hours
 * that watched ads removed. Remaining hours are floored and never below 0.
 */
export function withdrawalEndTime(createdAtMs: number, waitingDays: number, reducedHours: number): number {
  return createdAtMs + waitingDays * 24 * 3_600_000 - reducedHours * 3_600_000;
}

/** Whole hours left until `endTimeMs`, floored, never below 0. */
export function remainingHours(endTimeMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((endTimeMs - nowMs) / 3_600_000));
}

/** The ad's reduction: whole hours between min and max, both included, from a random fraction in [0, 1). */
export function adReductionHours(minHours: number, maxHours: number, random: number): number {
  return minHours + Math.floor(random * (maxHours - minHours + 1));
}
