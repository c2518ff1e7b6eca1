import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KnownFailureSchema, successSchema } from '#contract/envelope.ts';
import { KycStatusResponseSchema, SendCodeBodySchema, VerifyCodeBodySchema } from '#contract/kyc.ts';
import { API } from '#contract/paths.ts';
import { sendFailure, sendOk } from '#server/lib/reply.ts';
import type { IdempotentSender } from '#server/plugins/idempotent.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { KycService } from './kyc.service.ts';

interface KycRoutesOptions {
  kyc: KycService;
  /** The bot challenge, when configured (sending SMS is what bots abuse). */
  botCheck: preHandlerHookHandler;
  sendIdempotent: IdempotentSender;
}

const failures = {
  400: KnownFailureSchema,
  401: KnownFailureSchema,
  409: KnownFailureSchema,
  422: KnownFailureSchema,
  429: KnownFailureSchema,
  503: KnownFailureSchema,
};

export async function kycRoutes(app: FastifyInstance, { kyc, botCheck, sendIdempotent }: KycRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kyc'];

  api.get(
    API.kycStatus,
    {
      schema: {
        summary: 'Phone verification state',
        tags,
        response: { 200: KycStatusResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await kyc.status(sessionOf(request).userId)),
  );

  api.post(
    API.kycSendCode,
    {
      preHandler: botCheck,
      config: { access: 'settled' },
      schema: {
        summary: 'Sends a 6-digit code by SMS, within the anti-pumping limits',
        tags,
        body: SendCodeBodySchema,
        response: { 200: successSchema(z.object({ expires_time: z.number().int() })), ...failures },
      },
    },
    async (request, reply) => {
      const result = await kyc.sendCode(sessionOf(request).userId, request.body.phone, request.ip);
      return result.ok ? sendOk(reply, result.value) : sendFailure(reply, result.error);
    },
  );

  api.post(
    API.kycVerify,
    {
      config: { access: 'settled' },
      schema: {
        summary: 'Checks the code; the bonus once per number and per account (Idempotency-Key required)',
        tags,
        body: VerifyCodeBodySchema,
        response: {
          200: successSchema(
            z.object({ state: z.literal('verified'), phone: z.string(), bonus: z.string() }),
          ),
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      return sendIdempotent(request, reply, (tx) => kyc.verify(tx, userId, request.body.code));
    },
  );
}
