import type { FastifyInstance } from 'fastify';
import { API } from '#contract/paths.ts';
import { XrpRateResponseSchema } from '#contract/rates.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { RatesService } from './rates.service.ts';

export async function ratesRoutes(app: FastifyInstance, { rates }: { rates: RatesService }) {
  const routes = featureRoutes(app, ['rates']);
  routes.get(
    API.xrpRate,
    {
      summary:
        "The approximate price of 1 XRP from the operator's rate source, with its source and time; null when no fresh price is known",
      response: XrpRateResponseSchema,
      access: 'public',
    },
    async () => ({ rate: await rates.current() }),
  );
}
