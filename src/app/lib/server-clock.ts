import { useNow } from './use-countdown.ts';

/**
 * The server's clock as this device sees it. Timers the server decides (an ad's length, a pairing
 * code's life, a withdrawal's wait) count on it: a phone whose clock is a minute fast would otherwise
 * end an ad the server still refuses, or show a fresh pairing code as expired.
 */
let offsetMs = 0;

/**
 * Learns the server's time from an answer's Date header, read as it arrived. The header has whole
 * seconds, so the middle of its second is taken; an answer without one (kept offline) teaches nothing.
 */
export function noteServerDate(header: string | null, receivedAt = Date.now()): void {
  const at = header === null ? Number.NaN : Date.parse(header);
  if (Number.isFinite(at)) offsetMs = at + 500 - receivedAt;
}

/** Now on the server's clock, in ms. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** The server's time now, in ms, updated every second. */
export function useServerNow(): number {
  return useNow() + offsetMs;
}

/** Whole seconds left until `deadlineMs` on the server's clock (never below 0), updated every second. */
export function useServerSecondsUntil(deadlineMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - useServerNow()) / 1000));
}
