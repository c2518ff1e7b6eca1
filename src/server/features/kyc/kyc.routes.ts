import { requestLocale } from '#server/lib/request-locale.ts';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import {
  KycStatusResponseSchema,
  SendCodeBodySchema,
  SendCodeResponseSchema,
  VerifyCodeBodySchema,
  VerifyCodeResponseSchema,
} from '#contract/kyc.ts';
import { API } from '#contract/paths.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { IdempotentSender } from '#server/plugins/idempotent.ts';
import type { KycService } from './kyc.service.ts';

interface KycRoutesOptions {
  kyc: KycService;
  /** The bot challenge, when configured (sending SMS is what bots abuse). */
  botCheck: preHandlerHookHandler;
  sendIdempotent: IdempotentSender;
}

const failures = [400, 409, 422, 429, 503];

export async function kycRoutes(app: FastifyInstance, { kyc, botCheck, sendIdempotent }: KycRoutesOptions) {
  const routes = featureRoutes(app, ['kyc'], sendIdempotent);

  routes.get(
    API.kycStatus,
    { summary: 'Phone verification state', response: KycStatusResponseSchema },
    ({ userId }) => kyc.status(userId),
  );

  routes.post(
    API.kycSendCode,
    {
      summary: 'Sends a 6-digit code by SMS, within the anti-pumping limits',
      body: SendCodeBodySchema,
      response: SendCodeResponseSchema,
      access: 'settled',
      preHandler: botCheck,
      failures,
    },
    ({ userId, body, request }) => kyc.sendCode(userId, body.phone, request.ip, requestLocale(request)),
  );

  routes.money(
    API.kycVerify,
    {
      summary: 'Checks the code; the bonus once per number and per account (Idempotency-Key required)',
      body: VerifyCodeBodySchema,
      response: VerifyCodeResponseSchema,
      access: 'settled',
      failures,
    },
    (tx, { userId, body }) => kyc.verify(tx, userId, body.code),
  );
}
