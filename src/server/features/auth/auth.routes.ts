import type { FastifyInstance, FastifyReply, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CheckInBodySchema, CheckInResponseSchema, LogoutResponseSchema } from '#contract/auth.ts';
import { EmptyBodySchema, KnownFailureSchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import { ok } from '#domain/result.ts';
import { sendFailure, sendOk } from '#server/lib/reply.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { UserInfo } from '#contract/auth.ts';
import { lockDetail, type AuthService, type CheckInOutcome } from './auth.service.ts';
import { knownDeviceOf, rememberDevice } from '#server/plugins/device-cookie.ts';

interface AuthRoutesOptions {
  auth: AuthService;
  /** The profile a successful check-in answers with (the account feature's answer). */
  userInfo: (userId: number) => Promise<UserInfo | null>;
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
  const { auth, userInfo, botCheck } = options;
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
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
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
      return replyCheckIn(reply, outcome, userInfo, body.tab);
    },
  );

  featureRoutes(app, ['auth']).post(
    API.logout,
    {
      summary: 'Sign out: revokes this session',
      body: EmptyBodySchema,
      response: LogoutResponseSchema,
      msg: 'Logout successful',
    },
    async ({ session }) => {
      await auth.logout(session.sessionId);
      return ok({});
    },
  );
}

async function replyCheckIn(
  reply: FastifyReply,
  outcome: CheckInOutcome,
  userInfoOf: AuthRoutesOptions['userInfo'],
  tab: 'login' | 'register',
) {
  if (!outcome.ok) return sendFailure(reply, outcome.error, outcome.lock ? lockDetail(outcome.lock) : {});
  const userInfo = await userInfoOf(outcome.value.userId);
  if (!userInfo) throw new Error('a user vanished while signing in');
  return sendOk(
    reply,
    { userInfo: { ...userInfo, token: outcome.value.token }, routePath: '/home' },
    tab === 'register' ? 'Registration successful' : 'Login successful',
  );
}
