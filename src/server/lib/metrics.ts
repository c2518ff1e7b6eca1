import type { FastifyInstance } from 'fastify';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type GaugeConfiguration,
} from 'prom-client';
import { REPLAY_HEADER } from '#contract/sync.ts';

/** The figures that come from the database at each scrape (shared by every process). */
export interface DatabaseFigures {
  /** Whether the database answers at all. */
  ping(): Promise<void>;
  ledgerByKind(): Promise<{ kind: string; entries: number }[]>;
  withdrawalsByStatus(): Promise<{ status: string; n: number }[]>;
  /** Seconds since the oldest due, unfinished withdrawal became due (0: none). */
  payoutLagSeconds(): Promise<number>;
}

/**
 * This process's metrics in Prometheus's text format (prom-client), one registry per app. Counters
 * (requests, SMS, pushes, offline replays) count what THIS process did: Prometheus scrapes each
 * process and sums them. Gauges read from the database (ledger entries by kind, withdrawals by
 * state, payout lag) are the same in every process: take one, never the sum.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'earnest_' });
  const registers = [registry];

  const requests = new Counter({
    name: 'earnest_http_requests_total',
    help: 'HTTP requests answered, by method, route (the route pattern) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'earnest_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const replays = new Counter({
    name: 'earnest_offline_replays_total',
    help: "Requests replayed by the app's offline queue (service worker), by route and status",
    labelNames: ['route', 'status'] as const,
    registers,
  });
  const sms = new Counter({
    name: 'earnest_sms_total',
    help: 'SMS handed to the provider: sent, or failed (the provider refused or did not answer)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const pushes = new Counter({
    name: 'earnest_push_total',
    help: 'Push messages by outcome: sent, gone (token removed), failed (after retries), unsendable, retried',
    labelNames: ['outcome'] as const,
    registers,
  });

  /** A gauge whose value is read when Prometheus scrapes, kept on this app's registry only. */
  function gaugeOnScrape<L extends string>(configuration: GaugeConfiguration<L>) {
    registry.registerMetric(new Gauge({ ...configuration, registers: [] }));
  }

  /** A gauge with one series per row the database counts, labelled `label`; none while it does not answer. */
  function gaugePerRow<L extends string>(
    name: string,
    help: string,
    label: L,
    rows: () => Promise<{ label: string; value: number }[]>,
  ) {
    gaugeOnScrape({
      name,
      help,
      labelNames: [label],
      async collect() {
        this.reset();
        for (const row of await rows().catch(() => []))
          this.set({ [label]: row.label } as Partial<Record<L, string>>, row.value);
      },
    });
  }

  return {
    registry,
    sms,
    pushes,

    /** This process's payout job, where it runs one: when it last finished a pass. */
    watchPayouts(lastPassAt: () => Date | null) {
      gaugeOnScrape({
        name: 'earnest_payout_last_pass_timestamp_seconds',
        help: "When this process's payout job last finished a pass (only where the job runs)",
        collect() {
          const at = lastPassAt();
          if (at) this.set(at.getTime() / 1000);
        },
      });
    },

    /** Counts and times every answered request (hooked once, on the root instance). */
    observeRequests(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        const status = String(reply.statusCode);
        requests.inc({ method: request.method, route, status });
        latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
        if (request.headers[REPLAY_HEADER] !== undefined) replays.inc({ route, status });
      });
    },

    /** The gauges read from the database at each scrape; a database that does not answer shows as 0 up. */
    watchDatabase(figures: DatabaseFigures) {
      gaugeOnScrape({
        name: 'earnest_database_up',
        help: 'Whether the database answered this scrape (1) or not (0)',
        async collect() {
          this.set(
            await figures.ping().then(
              () => 1,
              () => 0,
            ),
          );
        },
      });
      gaugePerRow(
        'earnest_ledger_entries',
        'Ledger entries by kind (the whole ledger, read from the database)',
        'kind',
        async () => (await figures.ledgerByKind()).map((row) => ({ label: row.kind, value: row.entries })),
      );
      gaugePerRow('earnest_withdrawals', 'Withdrawals by state (read from the database)', 'state', async () =>
        (await figures.withdrawalsByStatus()).map((row) => ({ label: row.status, value: row.n })),
      );
      gaugeOnScrape({
        name: 'earnest_payout_lag_seconds',
        help: 'Seconds since the oldest due withdrawal that is not final became due (0: none waits)',
        async collect() {
          const lag = await figures.payoutLagSeconds().catch(() => null);
          if (lag === null) this.reset();
          else this.set(lag);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
