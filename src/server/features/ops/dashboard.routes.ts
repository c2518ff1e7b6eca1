import type { FastifyInstance } from 'fastify';
import { OPS_API } from '#contract/ops.ts';
import { DashboardResponseSchema } from '#contract/ops-dashboard.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The console's dashboard (docs/operators.md#the-dashboard). */
export async function dashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: DashboardService }) {
  const routes = featureRoutes(app, ['ops']);
  routes.get(
    OPS_API.dashboard,
    {
      summary: "The operator's figures, computed now from the database and the ledger",
      response: DashboardResponseSchema,
    },
    () => dashboard.dashboard(),
  );
}
