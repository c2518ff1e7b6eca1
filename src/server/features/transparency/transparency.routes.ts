import type { FastifyInstance } from 'fastify';
import {
  PAID_WITHDRAWALS_PAGE,
  PaidWithdrawalsQuerySchema,
  PaidWithdrawalsResponseSchema,
  TRANSPARENCY_API,
  TransparencySummaryResponseSchema,
} from '#contract/transparency.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { TransparencyService } from './transparency.service.ts';

/** The public proof that Earnest pays: open to anyone, signed in or not. */
export async function transparencyRoutes(
  app: FastifyInstance,
  { transparency }: { transparency: TransparencyService },
) {
  const routes = featureRoutes(app, ['transparency']);

  routes.get(
    TRANSPARENCY_API.summary,
    {
      summary: 'The payout wallet, totals, reserve ratio and measured payout times, computed at request time',
      response: TransparencySummaryResponseSchema,
      access: 'public',
    },
    () => transparency.summary(),
  );

  routes.get(
    TRANSPARENCY_API.payouts,
    {
      summary: 'Every paid withdrawal, newest first: masked name, amount, times and transaction hash',
      query: PaidWithdrawalsQuerySchema,
      response: PaidWithdrawalsResponseSchema,
      access: 'public',
      failures: [400],
    },
    ({ query }) => transparency.payouts(query.before_id, PAID_WITHDRAWALS_PAGE),
  );
}
