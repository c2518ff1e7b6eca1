import { lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { rateCounters } from '#server/db/schema.ts';

export interface RateLimit {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit for `key` in the current fixed window, in the database, so that every server
 * process enforces the same limit and a restart or a deletion resets nothing. The hit is counted
 * atomically (an upsert), so concurrent requests cannot slip past the limit.
 */
export async function hitRate(db: Db, key: string, limit: RateLimit, now: Date): Promise<RateVerdict> {
  const start = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const [row] = await db
    .insert(rateCounters)
    .values({ key, windowStart: start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { hits: sql`${rateCounters.hits} + 1` },
    })
    .returning({ hits: rateCounters.hits });
  if ((row?.hits ?? 1) <= limit.max) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((start.getTime() + limit.windowMs - now.getTime()) / 1000)),
  };
}

/** Forgets windows that ended before `before` (they can no longer limit anything). */
export async function pruneRates(db: Db, before: Date): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, before));
}
