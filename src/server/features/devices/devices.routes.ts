import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApproveLinkBodySchema,
  DeviceListResponseSchema,
  LinkCodeBodySchema,
  LinkPreviewResponseSchema,
  PairingStartResponseSchema,
  PairingStateBodySchema,
  PairingStateResponseSchema,
  RevokeDeviceBodySchema,
} from '#contract/devices.ts';
import { KnownFailureSchema, successSchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import { sendFailure, sendOk } from '#server/lib/reply.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { DevicesService, Requester } from './devices.service.ts';

interface DevicesRoutesOptions {
  devices: DevicesService;
  requireSession: preHandlerHookHandler;
  /** The header a trusted proxy puts the visitor's country in (e.g. cf-ipcountry); null: none. */
  countryHeader: string | null;
  /** Code tries per signed-in user in 10 minutes (guessing is stopped here). */
  attemptLimit: number;
}

const failures = { 400: KnownFailureSchema, 401: KnownFailureSchema, 429: KnownFailureSchema };

export async function devicesRoutes(app: FastifyInstance, options: DevicesRoutesOptions) {
  const { devices, requireSession, countryHeader, attemptLimit } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['devices'];
  const requester = (request: FastifyRequest): Requester => {
    const country = countryHeader ? request.headers[countryHeader.toLowerCase()] : undefined;
    return {
      userAgent: request.headers['user-agent'] ?? null,
      ip: request.ip,
      country: typeof country === 'string' && /^[A-Z]{2}$/i.test(country) ? country.toUpperCase() : null,
    };
  };
  // Tries are counted per account (and per address before sign-in), so guessing codes stops here.
  const perAccount = {
    rateLimit: {
      max: attemptLimit,
      timeWindow: 10 * 60_000,
      keyGenerator: (request: FastifyRequest) =>
        `link:${String(request.headers['ba-user-token'] ?? request.ip)}`,
    },
  };

  api.post(
    API.pairingStart,
    {
      config: { rateLimit: { max: 20, timeWindow: 10 * 60_000 } },
      schema: {
        summary: 'A signed-out device asks for a pairing code',
        tags,
        response: { 200: PairingStartResponseSchema, 429: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await devices.startPairing(requester(request))),
  );

  api.post(
    API.pairingState,
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        summary: 'The new device checks for approval and collects its session once',
        tags,
        body: PairingStateBodySchema,
        response: { 200: PairingStateResponseSchema, 429: KnownFailureSchema },
      },
    },
    async (request, reply) =>
      sendOk(reply, await devices.pairingState(request.body.code, request.body.secret)),
  );

  api.post(
    API.linkPreview,
    {
      preHandler: requireSession,
      config: perAccount,
      schema: {
        summary: 'What a code would link: browser, system, country, time',
        tags,
        body: LinkCodeBodySchema,
        response: { 200: LinkPreviewResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const result = await devices.preview(request.body.code);
      return result.ok ? sendOk(reply, result.value) : sendFailure(reply, result.error);
    },
  );

  api.post(
    API.linkApprove,
    {
      preHandler: requireSession,
      config: perAccount,
      schema: {
        summary: 'Approves a device after the password',
        tags,
        body: ApproveLinkBodySchema,
        response: { 200: successSchema(z.object({ approved: z.literal(true) })), ...failures },
      },
    },
    async (request, reply) => {
      const result = await devices.approve(
        sessionOf(request).userId,
        request.body.code,
        request.body.password,
      );
      return result.ok ? sendOk(reply, result.value) : sendFailure(reply, result.error);
    },
  );

  api.get(
    API.devices,
    {
      preHandler: requireSession,
      schema: {
        summary: 'Devices signed in to the account',
        tags,
        response: { 200: DeviceListResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = sessionOf(request);
      return sendOk(reply, {
        list: await devices.list(userId, sessionId),
        latest_link: await devices.latestLink(userId),
      });
    },
  );

  api.post(
    API.revokeDevice,
    {
      preHandler: requireSession,
      schema: {
        summary: 'Signs another device out',
        tags,
        body: RevokeDeviceBodySchema,
        response: { 200: successSchema(z.object({ revoked: z.boolean() })), 401: KnownFailureSchema },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = sessionOf(request);
      return sendOk(reply, { revoked: await devices.revoke(userId, sessionId, request.body.id) });
    },
  );
}
