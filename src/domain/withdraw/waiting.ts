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

/** The time left as whole days and hours (floored to the hour, never below 0), for a countdown. */
export function remainingDaysHours(endTimeMs: number, nowMs: number): { days: number; hours: number } {
  const hours = remainingHours(endTimeMs, nowMs);
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/** Where a wait stands, for a countdown that never reads as blank: over, under an hour, or days and hours. */
export type WaitLeft =
  { kind: 'over' } | { kind: 'under_hour' } | { kind: 'left'; days: number; hours: number };

export function waitLeft(endTimeMs: number, nowMs: number): WaitLeft {
  if (endTimeMs <= nowMs) return { kind: 'over' };
  const left = remainingDaysHours(endTimeMs, nowMs);
  return left.days === 0 && left.hours === 0 ? { kind: 'under_hour' } : { kind: 'left', ...left };
}

/** How much of the wait has passed, 0 to 1, from the request to the (possibly shortened) end. */
export function waitedShare(createdAtMs: number, endTimeMs: number, nowMs: number): number {
  if (endTimeMs <= createdAtMs) return 1;
  return Math.min(1, Math.max(0, (nowMs - createdAtMs) / (endTimeMs - createdAtMs)));
}
