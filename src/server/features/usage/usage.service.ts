import { USAGE_DAYS_SHOWN, USAGE_EVENTS, type UsageCountBody, type UsageEvent } from '#contract/usage.ts';
import { addDays, dayOf } from '#domain/time/day.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { createUsageRepository } from './usage.repository.ts';

/**
 * Usage counts, honestly (docs/transparency.md#usage-counts): only from devices whose owner switched
 * them on, added to the day's totals with no user, device, session or address kept.
 */
export function createUsageService({ db, clock, timeZone }: { db: Db; clock: Clock; timeZone: string }) {
  const repo = createUsageRepository(db);
  return {
    async count(body: UsageCountBody): Promise<void> {
      const counts = USAGE_EVENTS.flatMap((event) => {
        const n = body.counts[event];
        return n ? [[event, n] as [string, number]] : [];
      });
      await repo.add(dayOf(clock.now(), timeZone), counts);
    },

    /** The last days' totals, newest first, one row per day that has any. */
    async days() {
      const from = addDays(dayOf(clock.now(), timeZone), -(USAGE_DAYS_SHOWN - 1));
      const byDay = new Map<string, Partial<Record<UsageEvent, number>>>();
      for (const row of await repo.since(from)) {
        if (!(USAGE_EVENTS as readonly string[]).includes(row.event)) continue;
        const counts = byDay.get(row.day) ?? {};
        counts[row.event as UsageEvent] = row.count;
        byDay.set(row.day, counts);
      }
      return {
        events: [...USAGE_EVENTS],
        days: [...byDay].map(([day, counts]) => ({ day, counts })),
      };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
