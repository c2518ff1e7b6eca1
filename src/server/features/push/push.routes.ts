import type { FastifyInstance } from 'fastify';
import { API } from '#contract/paths.ts';
import {
  PushAckBodySchema,
  PushAckResponseSchema,
  PushSettingsResponseSchema,
  PushTestBodySchema,
  PushTestResponseSchema,
  SaveFcmTokenBodySchema,
  SaveFcmTokenResponseSchema,
  SetPushTopicBodySchema,
} from '#contract/push.ts';
import { mapOk } from '#domain/result.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { PushService } from './push.service.ts';

const failures = [400, 429];

export async function pushRoutes(app: FastifyInstance, { push }: { push: PushService }) {
  const routes = featureRoutes(app, ['push']);

  routes.post(
    API.saveFcmToken,
    {
      summary: "Saves this device's push-messaging token",
      body: SaveFcmTokenBodySchema,
      response: SaveFcmTokenResponseSchema,
      failures,
    },
    async ({ session, body }) =>
      mapOk(await push.saveToken(session.userId, session.sessionId, body.fcmtoken), () => ({})),
  );

  routes.get(
    API.pushSettings,
    {
      summary: 'The VAPID public key and what the user chose to be told',
      response: PushSettingsResponseSchema,
    },
    ({ userId }) => push.settings(userId),
  );

  routes.post(
    API.pushSettings,
    {
      summary: 'Turns one kind of push on or off for this user',
      body: SetPushTopicBodySchema,
      response: PushSettingsResponseSchema,
      failures,
    },
    ({ session, body }) => push.setTopic(session.userId, body.topic, body.enabled, session.linkedAt),
  );

  routes.post(
    API.pushTest,
    {
      summary: "Sends a test push to this device (the notification task's check)",
      body: PushTestBodySchema,
      response: PushTestResponseSchema,
      failures,
    },
    ({ session, body }) => push.sendTest(session.userId, session.sessionId, body.fcmtoken),
  );

  routes.post(
    API.pushAck,
    {
      summary: "The service worker's acknowledgement that a test push arrived (the code is the proof)",
      body: PushAckBodySchema,
      response: PushAckResponseSchema,
      access: 'public',
      failures: [400, 404],
    },
    async ({ body }) => mapOk(await push.acknowledge(body.ack), () => ({})),
  );
}
