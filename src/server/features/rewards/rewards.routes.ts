import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { API } from '#contract/paths.ts';
import { ClaimBodySchema, ClaimResponseSchema, DailyRewardResponseSchema } from '#contract/rewards.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { IdempotentSender } from '#server/plugins/idempotent.ts';
import type { RewardsService } from './rewards.service.ts';

interface RewardsRoutesOptions {
  rewards: RewardsService;
  sendIdempotent: IdempotentSender;
}

const failures = [400, 409, 422];

export async function rewardsRoutes(app: FastifyInstance, { rewards, sendIdempotent }: RewardsRoutesOptions) {
  const routes = featureRoutes(app, ['rewards'], sendIdempotent);

  routes.get(
    API.dailyReward,
    { summary: "Today's interest offer and what claiming it needs", response: DailyRewardResponseSchema },
    ({ userId }) => rewards.dailyReward(userId),
  );

  routes.money(
    API.claimInterest,
    {
      summary: "Claims today's interest (Idempotency-Key required)",
      // Optional: Fastify hands a missing body to the schema as null.
      body: z.nullish(ClaimBodySchema),
      response: ClaimResponseSchema,
      failures,
    },
    (tx, { userId, body, idempotencyKey }) => rewards.claimInterest(tx, userId, body?.amount, idempotencyKey),
  );

  routes.money(
    API.newUserReward,
    {
      summary: 'Claims the new-user gift, once (Idempotency-Key required)',
      // Optional: the release before sent no body, and its server drops `amount`, so a retry that
      // meets the other release is the same claim.
      body: z.nullish(ClaimBodySchema),
      response: ClaimResponseSchema,
      fingerprintOmits: ['amount'],
      failures,
    },
    (tx, { userId, body, idempotencyKey }) => rewards.claimGift(tx, userId, body?.amount, idempotencyKey),
  );
}
