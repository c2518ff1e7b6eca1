import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KnownFailureSchema } from '#contract/envelope.ts';
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
import { sendFailure, sendOk, sendResult } from '#server/lib/reply.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { PushService } from './push.service.ts';

const failures = { 400: KnownFailureSchema, 401: KnownFailureSchema, 429: KnownFailureSchema };

export async function pushRoutes(app: FastifyInstance, { push }: { push: PushService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['push'];

  api.post(
    API.saveFcmToken,
    {
      schema: {
        summary: "Saves this device's push-messaging token",
        tags,
        body: SaveFcmTokenBodySchema,
        response: { 200: SaveFcmTokenResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = sessionOf(request);
      const saved = await push.saveToken(userId, sessionId, request.body.fcmtoken);
      return saved.ok ? sendOk(reply, {}) : sendFailure(reply, saved.error);
    },
  );

  api.get(
    API.pushSettings,
    {
      schema: {
        summary: 'The VAPID public key and what the user chose to be told',
        tags,
        response: { 200: PushSettingsResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await push.settings(sessionOf(request).userId)),
  );

  api.post(
    API.pushSettings,
    {
      schema: {
        summary: 'Turns one kind of push on or off for this user',
        tags,
        body: SetPushTopicBodySchema,
        response: { 200: PushSettingsResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { userId, linkedAt } = sessionOf(request);
      return sendResult(
        reply,
        await push.setTopic(userId, request.body.topic, request.body.enabled, linkedAt),
      );
    },
  );

  api.post(
    API.pushTest,
    {
      schema: {
        summary: "Sends a test push to this device (the notification task's check)",
        tags,
        body: PushTestBodySchema,
        response: { 200: PushTestResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = sessionOf(request);
      const sent = await push.sendTest(userId, sessionId, request.body.fcmtoken);
      return sent.ok ? sendOk(reply, sent.value) : sendFailure(reply, sent.error);
    },
  );

  api.post(
    API.pushAck,
    {
      config: { access: 'public' },
      schema: {
        summary: "The service worker's acknowledgement that a test push arrived (the code is the proof)",
        tags,
        body: PushAckBodySchema,
        response: { 200: PushAckResponseSchema, 400: KnownFailureSchema, 404: KnownFailureSchema },
      },
    },
    async (request, reply) => {
      const acknowledged = await push.acknowledge(request.body.ack);
      return acknowledged.ok ? sendOk(reply, {}) : sendFailure(reply, acknowledged.error);
    },
  );
}
