import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApproveLinkBodySchema,
  DeviceListResponseSchema,
  LinkApproveResponseSchema,
  LinkCodeBodySchema,
  LinkPreviewResponseSchema,
  PairingStartResponseSchema,
  PairingStateBodySchema,
  PairingStateResponseSchema,
  RevokeDeviceBodySchema,
  RevokeDeviceResponseSchema,
} from '#contract/devices.ts';
import { EmptyBodySchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import { ok } from '#domain/result.ts';
import { knownDeviceOf } from '#server/plugins/device-cookie.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { DevicesService, Requester } from './devices.service.ts';
import { countryCode } from '#domain/devices/pairing.ts';

interface DevicesRoutesOptions {
  devices: DevicesService;
  /** The header a trusted proxy puts the visitor's country in (e.g. cf-ipcountry); null: none. */
  countryHeader: string | null;
}

export async function devicesRoutes(app: FastifyInstance, { devices, countryHeader }: DevicesRoutesOptions) {
  const routes = featureRoutes(app, ['devices']);
  const requester = (request: FastifyRequest): Requester => {
    const country = countryHeader ? request.headers[countryHeader.toLowerCase()] : undefined;
    return {
      userAgent: request.headers['user-agent'] ?? null,
      ip: request.ip,
      country: countryCode(typeof country === 'string' ? country : null),
    };
  };

  routes.post(
    API.pairingStart,
    {
      summary: 'A signed-out device asks for a pairing code',
      body: EmptyBodySchema,
      response: PairingStartResponseSchema,
      access: 'public',
      rateLimit: { max: 20, timeWindow: 10 * 60_000 },
      failures: [429],
    },
    async ({ request }) => ok(await devices.startPairing(requester(request))),
  );

  routes.post(
    API.pairingState,
    {
      summary: 'The new device checks for approval and collects its session once',
      body: PairingStateBodySchema,
      response: PairingStateResponseSchema,
      access: 'public',
      rateLimit: { max: 120, timeWindow: 60_000 },
      failures: [429],
    },
    async ({ body, request }) => ok(await devices.pairingState(body.code, body.secret, requester(request))),
  );

  routes.post(
    API.linkPreview,
    {
      summary: 'What a code would link: browser, system, country, time',
      body: LinkCodeBodySchema,
      response: LinkPreviewResponseSchema,
      access: 'settled',
      failures: [400, 429],
    },
    ({ userId, body, request }) => devices.preview(userId, request.ip, body.code),
  );

  routes.post(
    API.linkApprove,
    {
      summary: 'Approves a device after the password',
      body: ApproveLinkBodySchema,
      response: LinkApproveResponseSchema,
      access: 'settled',
      failures: [400, 429],
    },
    ({ session, body, request }) =>
      devices.approve(session, request.ip, body.code, body.password, knownDeviceOf(request)),
  );

  routes.get(
    API.devices,
    { summary: 'Devices signed in to the account', response: DeviceListResponseSchema },
    async ({ session }) => ({
      list: await devices.list(session.userId, session.sessionId),
      latest_link: await devices.latestLink(session.userId),
    }),
  );

  routes.post(
    API.revokeDevice,
    {
      summary: 'Signs another device out',
      body: RevokeDeviceBodySchema,
      response: RevokeDeviceResponseSchema,
      access: 'settled',
    },
    async ({ session, body }) =>
      ok({ revoked: await devices.revoke(session.userId, session.sessionId, body.id) }),
  );
}
