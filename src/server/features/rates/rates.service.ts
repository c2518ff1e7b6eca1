import type { FastifyBaseLogger } from 'fastify';
import type { XrpRate } from '#contract/rates.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { RateDocument, RateSource } from './rate-source.ts';

export interface RatesServiceDeps {
  /** Null when the operator configured none: there is no rate to show, ever. */
  source: RateSource | null;
  clock: Clock;
  /** How long a document is used before the source is asked again (RATE_CACHE_SECONDS). */
  cacheMs: number;
  /** How old a quote may be and still be shown (RATE_MAX_AGE_SECONDS). */
  maxAgeMs: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** After a failure the source is asked again this soon (or after cacheMs, if sooner). */
const RETRY_AFTER_FAILURE_MS = 30_000;
/** A quote dated this far ahead of the server's clock is refused: the clocks disagree too much. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * The approximate price of 1 XRP (docs/exchange-rate.md). The source's document is kept for a few
 * minutes and refreshed in the background, one request at a time; a failure keeps the last good
 * document, which is shown only while its own quote time is recent enough. No fresh quote: null,
 * and the app shows nothing. Never a constant.
 */
export function createRatesService({ source, clock, cacheMs, maxAgeMs, log }: RatesServiceDeps) {
  let kept: RateDocument | null = null;
  let askAfter = 0;
  let refreshing: Promise<void> | null = null;
  let failing = false;

  const fresh = (document: RateDocument | null, now: number): document is RateDocument =>
    // "Less than RATE_MAX_AGE_SECONDS old" (docs/exchange-rate.md).
    document !== null && now < document.time * 1000 + maxAgeMs;

  function refresh(from: RateSource): Promise<void> {
    refreshing ??= (async () => {
      try {
        const document = await from.fetchDocument();
        if (document.time * 1000 > clock.now().getTime() + FUTURE_TOLERANCE_MS) {
          throw new Error(`the rate source dated its quote in the future (${document.time})`);
        }
        kept = document;
        askAfter = clock.now().getTime() + cacheMs;
        if (failing) log?.info('the rate source answers again');
        failing = false;
      } catch (error) {
        askAfter = clock.now().getTime() + Math.min(cacheMs, RETRY_AFTER_FAILURE_MS);
        // Once per run of failures: a source that is down does not fill the log.
        if (!failing)
          log?.warn({ err: error }, 'the rate source failed; the last good quote is kept while fresh');
        failing = true;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  return {
    async current(): Promise<XrpRate | null> {
      if (!source) return null;
      if (clock.now().getTime() >= askAfter) {
        const asking = refresh(source);
        // With a fresh quote in hand nobody waits for the source; without one, the request does.
        if (!fresh(kept, clock.now().getTime())) await asking;
      }
      const document = kept;
      if (!fresh(document, clock.now().getTime())) return null;
      return {
        source: document.source,
        time: document.time,
        fresh_until: epochSeconds(new Date(document.time * 1000 + maxAgeMs)),
        prices: document.prices,
      };
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
