import type { FastifyInstance } from 'fastify';
import { pendingMigrations, ping, type Db } from '#server/db/database.ts';
import type { PayoutRunnerState } from '#server/features/payouts/payout-runner.ts';
import type { Metrics } from '#server/lib/metrics.ts';

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

interface HealthDeps {
  db: Db;
  /** This process's payout job, when it runs one. */
  payouts: (() => PayoutRunnerState) | null;
  /** Null while metrics are off: `/metrics` then answers 404 (the access gate's `metrics` class). */
  metrics: Metrics | null;
}

/** How long the readiness check waits for the database before calling it unreachable. */
const READY_TIMEOUT_MS = 3_000;
/** Passes in a row that failed before the payout job is reported as failing. */
const PAYOUT_FAILURES_REPORTED = 3;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);
}

/**
 * What a load balancer and an operator ask a process:
 * - `/healthz`: the process is up and answering (no database involved, so a database outage does not
 *   get every process restarted);
 * - `/readyz`: it can serve — the database answers and has every migration this code needs. 503
 *   otherwise (and while shutting down, which Fastify answers itself). The payout job's state is
 *   reported beside it but does not decide it: an XRP Ledger server that is down must not take the
 *   site down with it (docs/deploy.md#health-and-metrics);
 * - `/metrics`: this process's figures for Prometheus, behind the metrics token.
 */
export async function healthRoutes(app: FastifyInstance, { db, payouts, metrics }: HealthDeps) {
  const hidden = { hide: true };

  app.get(HEALTH_PATHS.live, { config: { access: 'public' }, schema: hidden }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ live: true }),
  );

  app.get(HEALTH_PATHS.ready, { config: { access: 'public' }, schema: hidden }, async (_request, reply) => {
    const database = await within(READY_TIMEOUT_MS, ping(db)).then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    const pending =
      database === 'ok' ? await within(READY_TIMEOUT_MS, pendingMigrations(db)).catch(() => null) : null;
    const payout = payouts?.() ?? null;
    const ready = database === 'ok' && pending !== null && pending.length === 0;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        ready,
        database,
        // null: could not be read.
        pending_migrations: pending,
        payouts: payout
          ? {
              running: true,
              last_pass_time: payout.lastPassAt ? Math.floor(payout.lastPassAt.getTime() / 1000) : null,
              failures_in_a_row: payout.failuresInARow,
              failing: payout.failuresInARow >= PAYOUT_FAILURES_REPORTED,
            }
          : { running: false },
      });
  });

  app.get(
    HEALTH_PATHS.metrics,
    { config: { access: 'metrics' }, schema: hidden },
    async (_request, reply) => {
      // The access gate answered 404 already when metrics are off.
      if (!metrics) return reply.code(404).send();
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    },
  );
}
