import { z } from 'zod';
import {
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  SetLanguageBodySchema,
  SetLanguageResponseSchema,
  UserInfoResponseSchema,
} from '#contract/auth.ts';
import { EmptyBodySchema, KnownFailureSchema, successSchema } from '#contract/envelope.ts';
import type { AccountControls } from './account-controls.ts';
import { InviteListResponseSchema } from '#contract/invite.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '#contract/paths.ts';
import { knownDeviceOf } from '#server/features/auth/device-cookie.ts';
import { sendFailure, sendOk, sendResult } from '#server/lib/reply.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { AccountService } from './account.service.ts';

export async function accountRoutes(
  app: FastifyInstance,
  {
    account,
    controls,
  }: {
    account: AccountService;
    controls: AccountControls;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    API.userInfo,
    {
      schema: {
        summary: "The signed-in user's profile and figures",
        tags: ['account'],
        response: { 200: UserInfoResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => {
      const userInfo = await account.userInfo(sessionOf(request).userId);
      if (!userInfo) return sendFailure(reply, 'auth.session_expired');
      return sendOk(reply, { userInfo });
    },
  );

  api.get(
    API.inviteList,
    {
      schema: {
        summary: 'Recent invitations, bound or not, and how they raise the annual rate',
        tags: ['account'],
        response: { 200: InviteListResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => sendOk(reply, await account.inviteList(sessionOf(request).userId)),
  );

  api.post(
    API.changePassword,
    {
      config: { access: 'settled' },
      schema: {
        summary: 'Changes the password; every other device is signed out',
        tags: ['account'],
        body: ChangePasswordBodySchema,
        response: {
          200: successSchema(z.object({ signed_out_devices: z.number().int() })),
          400: KnownFailureSchema,
          401: KnownFailureSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = sessionOf(request);
      return sendResult(
        reply,
        await controls.changePassword(userId, sessionId, request.body, knownDeviceOf(request)),
      );
    },
  );

  api.post(
    API.deleteAccount,
    {
      config: { access: 'settled' },
      schema: {
        summary: 'Deletes the account: sessions revoked, personal data erased, ledger kept',
        tags: ['account'],
        body: DeleteAccountBodySchema,
        response: {
          200: successSchema(z.object({ deleted: z.literal(true) })),
          400: KnownFailureSchema,
          401: KnownFailureSchema,
          409: KnownFailureSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      return sendResult(
        reply,
        await controls.deleteAccount(userId, request.body.password, knownDeviceOf(request)),
      );
    },
  );

  api.post(
    API.revokeOtherDevices,
    {
      config: { access: 'settled' },
      schema: {
        summary: 'Signs every other device out and voids the pairing codes approved for the account',
        tags: ['account'],
        body: EmptyBodySchema,
        response: {
          200: successSchema(z.object({ signed_out_devices: z.number().int() })),
          401: KnownFailureSchema,
          403: KnownFailureSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = sessionOf(request);
      return sendOk(reply, await controls.signOutOthers(userId, sessionId));
    },
  );

  api.post(
    API.setLanguage,
    {
      schema: {
        summary: "Keeps the user's interface language on the account",
        tags: ['account'],
        body: SetLanguageBodySchema,
        response: { 200: SetLanguageResponseSchema, 400: KnownFailureSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => {
      await account.setLanguage(sessionOf(request).userId, request.body.language);
      return sendOk(reply, { language: request.body.language }, 'Setting successful');
    },
  );
}
