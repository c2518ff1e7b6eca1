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

/**
 * The calendar day `days` after (or, negative, before) a day: counted on the calendar, not in 24-hour
 * steps, which land on one day twice or skip one where a day has 23 or 25 hours.
 */
export function addDays(day: string, days: number): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return dayOf(new Date(Date.UTC(year, month - 1, date + days)), 'UTC');
}

/** The instant the day after `instant`'s day begins in the time zone (the next daily reset). */
export function nextDayStart(instant: Date, timeZone: string): Date {
  const { year, month, day } = partsIn(instant, timeZone);
  return startOfWallDay(year, month, day + 1, timeZone);
}

/** Whole seconds until the next daily reset (never negative). */
export function secondsUntilReset(now: Date, timeZone: string): number {
  return Math.max(0, Math.ceil((nextDayStart(now, timeZone).getTime() - now.getTime()) / 1000));
}

/** The instant `instant`'s day began in the time zone (the last daily reset). */
export function dayStart(instant: Date, timeZone: string): Date {
  const { year, month, day } = partsIn(instant, timeZone);
  return startOfWallDay(year, month, day, timeZone);
}

const HOUR_MS = 3_600_000;

/** The first second of a calendar day (`day` may overflow the month) in the time zone. */
function startOfWallDay(year: number, month: number, day: number, timeZone: string): Date {
  const wallMidnight = Date.UTC(year, month - 1, day);
  const target = dayOf(new Date(wallMidnight), 'UTC');
  // The wall-clock midnight in UTC; converted twice, in case the offset changes that night (DST).
  let guess = wallMidnight - offsetMs(new Date(wallMidnight), timeZone);
  guess = wallMidnight - offsetMs(new Date(guess), timeZone);
  const before = (at: number) => dayOf(new Date(at), timeZone) < target;
  if (!before(guess) && before(guess - 1000)) return new Date(guess);
  // A zone whose clocks skip midnight (America/Santiago goes from 23:59:59 to 01:00) or repeat it:
  // the day begins at its first second, found within a few hours of the guess.
  let early = guess - 3 * HOUR_MS;
  let late = guess + 3 * HOUR_MS;
  while (late - early > 1000) {
    const middle = early + Math.floor((late - early) / 2000) * 1000;
    if (before(middle)) early = middle;
    else late = middle;
  }
  return new Date(late);
}
