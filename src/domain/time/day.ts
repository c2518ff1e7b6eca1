/**
 * The day boundary. Earnest's day runs from midnight to midnight in one configured time zone (UTC by
 * default): daily tasks, the interest claim and the ad all reset at that midnight.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(instant: Date, timeZone: string) {
  // The default zone, read without Intl: formatToParts was a few per cent of the server's CPU on
  // the busiest request (docs/performance.md).
  if (timeZone === 'UTC') {
    return {
      year: instant.getUTCFullYear(),
      month: instant.getUTCMonth() + 1,
      day: instant.getUTCDate(),
      hour: instant.getUTCHours(),
      minute: instant.getUTCMinutes(),
      second: instant.getUTCSeconds(),
    };
  }
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts['year'] ?? 1970,
    month: parts['month'] ?? 1,
    day: parts['day'] ?? 1,
    hour: parts['hour'] ?? 0,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

/** Tells whether a string names a time zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayOf(instant: Date, timeZone: string): string {
  const { year, month, day } = partsIn(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Milliseconds the zone's wall clock is ahead of UTC at an instant.
function offsetMs(instant: Date, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant the day after `instant`'s day begins in the time zone (the next daily reset). */
export function nextDayStart(instant: Date, timeZone: string): Date {
  const { year, month, day } = partsIn(instant, timeZone);
  const wallMidnight = Date.UTC(year, month - 1, day + 1);
  // Convert the wall-clock midnight to UTC; twice, in case the offset changes that night (DST).
  let guess = wallMidnight - offsetMs(new Date(wallMidnight), timeZone);
  guess = wallMidnight - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** Whole seconds until the next daily reset (never negative). */
export function secondsUntilReset(now: Date, timeZone: string): number {
  return Math.max(0, Math.ceil((nextDayStart(now, timeZone).getTime() - now.getTime()) / 1000));
}

/** The instant `instant`'s day began in the time zone (the last daily reset). */
export function dayStart(instant: Date, timeZone: string): Date {
  const { year, month, day } = partsIn(instant, timeZone);
  const wallMidnight = Date.UTC(year, month - 1, day);
  let guess = wallMidnight - offsetMs(new Date(wallMidnight), timeZone);
  guess = wallMidnight - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}
