import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayOf, dayStart, isTimeZone, nextDayStart, secondsUntilReset } from './day.ts';

describe('the day boundary', () => {
  it('names the day in the configured time zone', () => {
    const instant = new Date('2026-11-21T23:30:00Z');
    expect(dayOf(instant, 'UTC')).toBe('2026-11-21');
    expect(dayOf(instant, 'Asia/Shanghai')).toBe('2026-11-22');
    expect(dayOf(instant, 'America/Sao_Paulo')).toBe('2026-11-21');
  });

  it('reads UTC without Intl exactly as Intl reads it', () => {
    // 'Etc/UTC' is the same zone, but only 'UTC' takes the shortcut.
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
        (instant) => {
          expect(dayOf(instant, 'UTC')).toBe(dayOf(instant, 'Etc/UTC'));
          expect(nextDayStart(instant, 'UTC').getTime()).toBe(nextDayStart(instant, 'Etc/UTC').getTime());
          expect(secondsUntilReset(instant, 'UTC')).toBe(secondsUntilReset(instant, 'Etc/UTC'));
        },
      ),
    );
  });

  it('resets at the next local midnight', () => {
    expect(nextDayStart(new Date('2026-11-21T23:30:00Z'), 'UTC').toISOString()).toBe(
      '2026-11-22T00:00:00.000Z',
    );
    expect(nextDayStart(new Date('2026-11-21T10:00:00Z'), 'Asia/Shanghai').toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
    expect(secondsUntilReset(new Date('2026-11-21T23:59:30Z'), 'UTC')).toBe(30);
  });

  it('handles a night when the clocks change', () => {
    // Europe/Berlin leaves summer time on 2026-10-25: that day has 25 hours.
    const start = nextDayStart(new Date('2026-10-24T12:00:00Z'), 'Europe/Berlin');
    const next = nextDayStart(start, 'Europe/Berlin');
    expect(start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(next.getTime() - start.getTime()).toBe(25 * 3600 * 1000);
  });

  it('always resets later, within about a day, on a new day', () => {
    // Santiago, Havana and Asuncion change their clocks at midnight: some days have no 00:00.
    const zones = [
      'UTC',
      'Asia/Kolkata',
      'America/New_York',
      'Europe/Istanbul',
      'Pacific/Chatham',
      'America/Santiago',
      'America/Havana',
      'America/Asuncion',
    ];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const reset = nextDayStart(instant, zone);
          const gap = reset.getTime() - instant.getTime();
          expect(gap).toBeGreaterThan(0);
          expect(gap).toBeLessThanOrEqual(25 * 3600 * 1000);
          expect(dayOf(reset, zone)).not.toBe(dayOf(instant, zone));
          expect(dayOf(new Date(reset.getTime() - 1), zone)).toBe(dayOf(instant, zone));
          const start = dayStart(instant, zone);
          expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(dayOf(start, zone)).toBe(dayOf(instant, zone));
          expect(dayOf(new Date(start.getTime() - 1), zone)).not.toBe(dayOf(instant, zone));
        },
      ),
    );
  });

  it('starts a day whose midnight the clocks skip when the clocks jump', () => {
    // America/Santiago goes from 2026-09-05 23:59:59 (UTC-4) to 2026-09-06 01:00 (UTC-3).
    expect(nextDayStart(new Date('2026-09-05T20:00:00Z'), 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    expect(dayStart(new Date('2026-09-06T12:00:00Z'), 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('counts days on the calendar', () => {
    expect(addDays('2027-10-31', -1)).toBe('2027-10-30');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-28', 0)).toBe('2026-11-28');
  });

  it('recognises time zones', () => {
    expect(isTimeZone('Asia/Baku')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
