import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema, KnownFailureSchema, successSchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import {
  AddressResponseSchema,
  AdStatusResponseSchema,
  ExchangeWhitelistResponseSchema,
  RecentWithdrawalsResponseSchema,
  SetAddressBodySchema,
  WithdrawLogsResponseSchema,
  WithdrawRulesResponseSchema,
  WithdrawStatusResponseSchema,
  WithdrawStatusSchema,
} from '#contract/withdraw.ts';
import { sendFailure, sendOk } from '#server/lib/reply.ts';
import type { IdempotentSender } from '#server/plugins/idempotent.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { WithdrawService } from './withdraw.service.ts';

interface WithdrawRoutesOptions {
  withdraw: WithdrawService;
  sendIdempotent: IdempotentSender;
}

const failures = {
  400: KnownFailureSchema,
  401: KnownFailureSchema,
  409: KnownFailureSchema,
  422: KnownFailureSchema,
};

export async function withdrawRoutes(
  app: FastifyInstance,
  { withdraw, sendIdempotent }: WithdrawRoutesOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['withdraw'];

  api.get(
    API.exchangeWhitelist,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Exchanges whose deposit addresses Earnest pays to',
        tags,
        response: { 200: ExchangeWhitelistResponseSchema },
      },
    },
    async (_request, reply) => sendOk(reply, { list: withdraw.whitelist() }),
  );

  api.get(
    API.recentWithdrawals,
    {
      config: { access: 'public' },
      schema: {
        summary:
          'The latest withdrawals that were really paid (docs/product-rules.md#no-fabricated-activity), names masked',
        tags,
        response: { 200: RecentWithdrawalsResponseSchema },
      },
    },
    async (_request, reply) => sendOk(reply, { list: await withdraw.recentPaid() }),
  );

  api.get(
    API.getAddress,
    {
      schema: {
        summary: 'The saved withdrawal address',
        tags,
        response: { 200: AddressResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await withdraw.getAddress(sessionOf(request).userId)),
  );

  api.post(
    API.setAddress,
    {
      config: { access: 'settled' },
      schema: {
        summary: 'Saves the withdrawal address and tag, once and for good',
        tags,
        body: SetAddressBodySchema,
        response: { 200: AddressResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const result = await withdraw.setAddress(sessionOf(request).userId, request.body);
      return result.ok ? sendOk(reply, result.value) : sendFailure(reply, result.error);
    },
  );

  api.get(
    API.withdrawRules,
    {
      schema: {
        summary:
          'Every withdrawal rule in force, with the user progress (docs/product-rules.md#no-hidden-conditions)',
        tags,
        response: { 200: WithdrawRulesResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await withdraw.rules(sessionOf(request).userId)),
  );

  api.post(
    API.setWithdrawStatus,
    {
      config: { access: 'settled' },
      schema: {
        summary: 'Withdraws the whole balance (Idempotency-Key required)',
        tags,
        body: EmptyBodySchema,
        response: { 200: WithdrawStatusResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      return sendIdempotent(request, reply, (tx, key) => withdraw.startWithdrawal(tx, userId, key));
    },
  );

  api.get(
    API.getWithdrawStatus,
    {
      schema: {
        summary: 'The withdrawal in progress, if any',
        tags,
        response: { 200: WithdrawStatusResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await withdraw.status(sessionOf(request).userId)),
  );

  api.get(
    API.withdrawLogs,
    {
      schema: {
        summary: 'Withdrawals of the last 7 days',
        tags,
        response: { 200: WithdrawLogsResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, { list: await withdraw.logs(sessionOf(request).userId) }),
  );

  api.get(
    API.adStatus,
    {
      schema: {
        summary: "Today's ad: ready, playing, reduced",
        tags: ['ads'],
        response: { 200: AdStatusResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await withdraw.adStatus(sessionOf(request).userId)),
  );

  api.post(
    API.adStart,
    {
      schema: {
        summary: "Opens today's ad session",
        tags: ['ads'],
        body: EmptyBodySchema,
        response: { 200: successSchema(z.object({ started_time: z.number().int() })), ...failures },
      },
    },
    async (request, reply) => {
      const result = await withdraw.startAd(sessionOf(request).userId);
      return result.ok ? sendOk(reply, result.value) : sendFailure(reply, result.error);
    },
  );

  api.post(
    API.adComplete,
    {
      schema: {
        summary: 'Completes the ad after its full length (Idempotency-Key required)',
        tags: ['ads'],
        body: EmptyBodySchema,
        response: {
          200: successSchema(WithdrawStatusSchema.extend({ reduced_today: z.number().int() })),
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      return sendIdempotent(request, reply, (tx) => withdraw.completeAd(tx, userId));
    },
  );
}
