import type { FastifyInstance } from 'fastify';
import {
  USAGE_API,
  USAGE_OPS_API,
  UsageCountBodySchema,
  UsageCountResponseSchema,
  UsageDaysResponseSchema,
} from '#contract/usage.ts';
import { ok } from '#domain/result.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { UsageService } from './usage.service.ts';

/** Opt-in usage counts: the app adds to the day's totals, the console reads them. */
export async function usageRoutes(app: FastifyInstance, { usage }: { usage: UsageService }) {
  const routes = featureRoutes(app, ['usage']);

  routes.post(
    USAGE_API.count,
    {
      summary: "Adds to the day's anonymous usage counts (sent only by devices that opted in; no id kept)",
      body: UsageCountBodySchema,
      response: UsageCountResponseSchema,
      // Public, so no session ties a count to anyone; the request's token, if any, is not read.
      access: 'public',
      failures: [400],
      rateLimit: { max: 30, timeWindow: 60_000 },
    },
    async ({ body }) => {
      await usage.count(body);
      return ok({});
    },
  );

  routes.get(
    USAGE_OPS_API.days,
    { summary: 'Usage counts per day over the last 30 days', response: UsageDaysResponseSchema },
    () => usage.days(),
  );
}
