import type { FastifyInstance } from 'fastify';
import {
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  DeleteAccountResponseSchema,
  SetLanguageBodySchema,
  SetLanguageResponseSchema,
  SignedOutDevicesResponseSchema,
  UserInfoResponseSchema,
  WelcomedResponseSchema,
} from '#contract/auth.ts';
import { EmptyBodySchema } from '#contract/envelope.ts';
import { InviteListResponseSchema } from '#contract/invite.ts';
import { API } from '#contract/paths.ts';
import { fail, ok } from '#domain/result.ts';
import { knownDeviceOf } from '#server/plugins/device-cookie.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { AccountControls } from './account-controls.ts';
import type { AccountService } from './account.service.ts';

export async function accountRoutes(
  app: FastifyInstance,
  { account, controls }: { account: AccountService; controls: AccountControls },
) {
  const routes = featureRoutes(app, ['account']);

  routes.lookup(
    API.userInfo,
    { summary: "The signed-in user's profile and figures", response: UserInfoResponseSchema },
    async ({ userId }) => {
      const userInfo = await account.userInfo(userId);
      return userInfo ? ok({ userInfo }) : fail('auth.session_expired');
    },
  );

  routes.get(
    API.inviteList,
    {
      summary: 'Recent invitations, bound or not, and how they raise the annual rate',
      response: InviteListResponseSchema,
    },
    ({ userId }) => account.inviteList(userId),
  );

  routes.post(
    API.changePassword,
    {
      summary: 'Changes the password; every other device is signed out',
      body: ChangePasswordBodySchema,
      response: SignedOutDevicesResponseSchema,
      access: 'settled',
      failures: [400],
    },
    ({ session, body, request }) => controls.changePassword(session, body, knownDeviceOf(request)),
  );

  routes.post(
    API.deleteAccount,
    {
      summary: 'Deletes the account: sessions revoked, personal data erased, ledger kept',
      body: DeleteAccountBodySchema,
      response: DeleteAccountResponseSchema,
      access: 'settled',
      failures: [400, 409],
    },
    ({ session, body, request }) => controls.deleteAccount(session, body.password, knownDeviceOf(request)),
  );

  routes.post(
    API.revokeOtherDevices,
    {
      summary: 'Signs every other device out and voids the pairing codes approved for the account',
      body: EmptyBodySchema,
      response: SignedOutDevicesResponseSchema,
      access: 'settled',
      failures: [403],
    },
    ({ session }) => controls.signOutOthers(session),
  );

  routes.post(
    API.welcomed,
    {
      summary: 'Records that the first-run welcome was seen or skipped (idempotent: the first time stays)',
      body: EmptyBodySchema,
      response: WelcomedResponseSchema,
    },
    async ({ userId }) => ok({ welcomed_time: await account.welcomed(userId) }),
  );

  routes.post(
    API.setLanguage,
    {
      summary: "Keeps the user's interface language on the account",
      body: SetLanguageBodySchema,
      response: SetLanguageResponseSchema,
      msg: 'Setting successful',
      failures: [400],
    },
    async ({ userId, body }) => {
      await account.setLanguage(userId, body.language);
      return ok({ language: body.language });
    },
  );
}
