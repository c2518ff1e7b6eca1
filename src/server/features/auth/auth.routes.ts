import type { FastifyInstance, FastifyReply, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CheckInBodySchema, CheckInResponseSchema, LogoutResponseSchema } from '#contract/auth.ts';
import { EmptyBodySchema, KnownFailureSchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import { isLocale } from '#domain/i18n/locales.ts';
import { lockDetail } from '#server/features/account/account-controls.ts';
import type { AccountService } from '#server/features/account/account.service.ts';
import { sendFailure, sendOk } from '#server/lib/reply.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { AuthService, CheckInOutcome } from './auth.service.ts';
import { knownDeviceOf, rememberDevice } from './device-cookie.ts';

interface AuthRoutesOptions {
  auth: AuthService;
  account: AccountService;
  /** The bot challenge, when configured; checked before any password work. */
  botCheck: preHandlerHookHandler;
  checkInRateLimit: number;
  /** Cookies only over HTTPS (production). */
  secureCookies: boolean;
}

const failures = {
  400: KnownFailureSchema,
  401: KnownFailureSchema,
  403: KnownFailureSchema,
  503: KnownFailureSchema,
};

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { auth, account, botCheck } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    API.checkIn,
    {
      preHandler: botCheck,
      config: {
        access: 'public',
        invalidRequestError: 'auth.registration_params',
        // Counted per IP before the body is even parsed, so no password hashing happens past it.
        rateLimit: { max: options.checkInRateLimit, timeWindow: 60_000 },
      },
      schema: {
        summary: 'Register (tab=register) or sign in (tab=login)',
        tags: ['auth'],
        body: CheckInBodySchema,
        response: {
          200: CheckInResponseSchema,
          409: KnownFailureSchema,
          429: KnownFailureSchema,
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const language = request.headers['accept-language']?.split(',')[0]?.trim();
      const client = {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        language: isLocale(language) ? language : null,
      };
      const input = {
        tab: body.tab,
        account: body.username,
        password: body.password,
        confirmPassword: body.confirm_password,
        inviteCode: body.invite_code,
      };
      const outcome =
        body.tab === 'register'
          ? await auth.register(input, client)
          : await auth.login(input, client, knownDeviceOf(request));
      if (outcome.ok) rememberDevice(request, reply, outcome.value.userId, { secure: options.secureCookies });
      return replyCheckIn(reply, outcome, account, body.tab);
    },
  );

  api.post(
    API.logout,
    {
      schema: {
        summary: 'Sign out: revokes this session',
        tags: ['auth'],
        body: EmptyBodySchema,
        response: { 200: LogoutResponseSchema, 401: KnownFailureSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(sessionOf(request).sessionId);
      return sendOk(reply, {}, 'Logout successful');
    },
  );
}

async function replyCheckIn(
  reply: FastifyReply,
  outcome: CheckInOutcome,
  account: AccountService,
  tab: 'login' | 'register',
) {
  if (!outcome.ok) return sendFailure(reply, outcome.error, outcome.lock ? lockDetail(outcome.lock) : {});
  const userInfo = await account.userInfo(outcome.value.userId);
  if (!userInfo) throw new Error('a user vanished while signing in');
  return sendOk(
    reply,
    { userInfo: { ...userInfo, token: outcome.value.token }, routePath: '/home' },
    tab === 'register' ? 'Registration successful' : 'Login successful',
  );
}
