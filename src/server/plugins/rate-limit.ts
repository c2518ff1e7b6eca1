import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { countHit, LONGEST_WINDOW_MS, pruneRates } from '#server/lib/rate-counter.repository.ts';
import type { KeyedHash } from '#server/lib/server-secrets.repository.ts';
import { addressGroup } from '#server/lib/address-group.ts';

interface RateLimitDeps {
  db: Db;
  clock: Clock;
  /** Keys the addresses the counters hold, so the table holds no personal data. */
  hash: KeyedHash;
}

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The per-route limits routes declare (`config.rateLimit`, e.g. sign-in per address), counted in the
 * database (rate_windows) rather than in each process's memory: N processes behind a load balancer
 * enforce the limit once, not N times, and a restart forgets nothing. The key (the address, an IPv6
 * subscriber's /56 as one: lib/address-group.ts) is hashed and prefixed with the route, since the
 * limits of different routes must not share a count.
 */
export async function registerRateLimits(app: FastifyInstance, { db, clock, hash }: RateLimitDeps) {
  let prunedAt = 0;

  class DatabaseRateStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options?: object) {
      // The plugin hands a route's store its merged settings, which carry the route (routeInfo).
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)?.routeInfo;
      this.scope = typeof route?.url === 'string' ? `${String(route.method)} ${route.url}` : 'global';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = clock.now();
      const counted = async () => {
        if (now.getTime() - prunedAt > PRUNE_EVERY_MS) {
          prunedAt = now.getTime();
          await pruneRates(db, new Date(now.getTime() - LONGEST_WINDOW_MS));
        }
        return countHit(db, `http:${this.scope}:${hash('ip', key)}`, timeWindow, now);
      };
      counted().then(
        ({ hits, resetsAt }) =>
          callback(null, { current: hits, ttl: Math.max(0, resetsAt.getTime() - now.getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateStore(routeOptions);
    }
  }

  await app.register(rateLimit, {
    global: false,
    store: DatabaseRateStore,
    keyGenerator: (request) => addressGroup(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: 'rate limited',
    }),
  });
}
