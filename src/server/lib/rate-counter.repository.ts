import { lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { rateWindows } from '#server/db/schema.ts';

export interface RateLimit {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The longest window any limit may use: older rows are pruned (see pruneRates). */
export const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one hit for `key`, in the database, so that every server process enforces the same limit
 * and a restart or a deletion resets nothing. A window starts with the first hit after the last one
 * ended. The hit is counted atomically (one upsert on the key's row), so concurrent requests, in
 * this process or another, cannot slip past the limit. Answers the hits so far in the window and
 * when the window ends.
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ hits: number; resetsAt: Date }> {
  if (windowMs > LONGEST_WINDOW_MS) throw new Error(`a rate window longer than a day: ${key}`);
  const ended = new Date(now.getTime() - windowMs);
  const t = rateWindows;
  const [row] = await db
    .insert(t)
    .values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${t.windowStart} > ${ended.toISOString()}::timestamptz then ${t.hits} + 1 else 1 end`,
        windowStart: sql`case when ${t.windowStart} > ${ended.toISOString()}::timestamptz then ${t.windowStart} else excluded.window_start end`,
      },
    })
    .returning({ hits: t.hits, windowStart: t.windowStart });
  if (!row) throw new Error('a rate counter upsert returned no row');
  return { hits: row.hits, resetsAt: new Date(row.windowStart.getTime() + windowMs) };
}

/** Counts one hit for `key` and says whether it is within the limit (see countHit). */
export async function hitRate(db: Db, key: string, limit: RateLimit, now: Date): Promise<RateVerdict> {
  const { hits, resetsAt } = await countHit(db, key, limit.windowMs, now);
  if (hits <= limit.max) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Forgets windows that ended before `before` (they can no longer limit anything). */
export async function pruneRates(db: Db, before: Date): Promise<void> {
  await db.delete(rateWindows).where(lt(rateWindows.windowStart, before));
}
