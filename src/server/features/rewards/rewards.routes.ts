import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema, KnownFailureSchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import {
  ClaimInterestBodySchema,
  ClaimResponseSchema,
  DailyRewardResponseSchema,
} from '#contract/rewards.ts';
import { sendOk } from '#server/lib/reply.ts';
import type { IdempotentSender } from '#server/plugins/idempotent.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { RewardsService } from './rewards.service.ts';

interface RewardsRoutesOptions {
  rewards: RewardsService;
  sendIdempotent: IdempotentSender;
}

const failures = {
  400: KnownFailureSchema,
  401: KnownFailureSchema,
  409: KnownFailureSchema,
  422: KnownFailureSchema,
};

export async function rewardsRoutes(app: FastifyInstance, { rewards, sendIdempotent }: RewardsRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    API.dailyReward,
    {
      schema: {
        summary: "Today's interest offer and what claiming it needs",
        tags: ['rewards'],
        response: { 200: DailyRewardResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await rewards.dailyReward(sessionOf(request).userId)),
  );

  api.post(
    API.claimInterest,
    {
      schema: {
        summary: "Claims today's interest (Idempotency-Key required)",
        tags: ['rewards'],
        body: ClaimInterestBodySchema.optional(),
        response: { 200: ClaimResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      return sendIdempotent(request, reply, (tx, key) =>
        rewards.claimInterest(tx, userId, request.body?.amount, key),
      );
    },
  );

  api.post(
    API.newUserReward,
    {
      schema: {
        summary: 'Claims the new-user gift, once (Idempotency-Key required)',
        tags: ['rewards'],
        body: EmptyBodySchema,
        response: { 200: ClaimResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      return sendIdempotent(request, reply, (tx, key) => rewards.claimGift(tx, userId, key));
    },
  );
}
