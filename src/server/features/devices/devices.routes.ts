import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { EmptyBodySchema, KnownFailureSchema, successSchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import { knownDeviceOf } from '#server/features/auth/device-cookie.ts';
import { sendFailure, sendOk } from '#server/lib/reply.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { DevicesService, Requester } from './devices.service.ts';

interface DevicesRoutesOptions {
  devices: DevicesService;
  /** The header a trusted proxy puts the visitor's country in (e.g. cf-ipcountry); null: none. */
  countryHeader: string | null;
}

const failures = { 400: KnownFailureSchema, 401: KnownFailureSchema, 429: KnownFailureSchema };

export async function devicesRoutes(app: FastifyInstance, options: DevicesRoutesOptions) {
  const { devices, countryHeader } = options;
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
  api.post(
    API.pairingStart,
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: 10 * 60_000 } },
      schema: {
        summary: 'A signed-out device asks for a pairing code',
        tags,
        body: EmptyBodySchema,
        response: { 200: PairingStartResponseSchema, 429: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await devices.startPairing(requester(request))),
  );

  api.post(
    API.pairingState,
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        summary: 'The new device checks for approval and collects its session once',
        tags,
        body: PairingStateBodySchema,
        response: { 200: PairingStateResponseSchema, 429: KnownFailureSchema },
      },
    },
    async (request, reply) =>
      sendOk(reply, await devices.pairingState(request.body.code, request.body.secret, requester(request))),
  );

  api.post(
    API.linkPreview,
    {
      config: { access: 'settled' },
      schema: {
        summary: 'What a code would link: browser, system, country, time',
        tags,
        body: LinkCodeBodySchema,
        response: { 200: LinkPreviewResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const result = await devices.preview(sessionOf(request).userId, request.ip, request.body.code);
      return result.ok ? sendOk(reply, result.value) : sendFailure(reply, result.error);
    },
  );

  api.post(
    API.linkApprove,
    {
      config: { access: 'settled' },
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
        request.ip,
        request.body.code,
        request.body.password,
        knownDeviceOf(request),
      );
      return result.ok ? sendOk(reply, result.value) : sendFailure(reply, result.error);
    },
  );

  api.get(
    API.devices,
    {
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
      config: { access: 'settled' },
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
