/** The server's notion of now. Tests move it; nothing else in the server calls Date.now(). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with real time but can be moved forward, for tests of waiting periods. */
export function adjustableClock(offsetMs = 0): Clock & { advance(ms: number): void } {
  let offset = offsetMs;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/** Seconds since the epoch, as the API sends times. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
