import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KnownFailureSchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import { SaveFcmTokenBodySchema, SaveFcmTokenResponseSchema } from '#contract/push.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { sendOk } from '#server/lib/reply.ts';
import { sessionOf } from '#server/plugins/session.ts';
import { pushRepository } from './push.repository.ts';

export async function pushRoutes(
  app: FastifyInstance,
  { db, clock, requireSession }: { db: Db; clock: Clock; requireSession: preHandlerHookHandler },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API.saveFcmToken,
    {
      preHandler: requireSession,
      schema: {
        summary: "Saves this device's push-messaging token",
        tags: ['push'],
        body: SaveFcmTokenBodySchema,
        response: { 200: SaveFcmTokenResponseSchema, 400: KnownFailureSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => {
      await pushRepository.save(db, sessionOf(request).userId, request.body.fcmtoken, clock.now());
      return sendOk(reply, {});
    },
  );
}
