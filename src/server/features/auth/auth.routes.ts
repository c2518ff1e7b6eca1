import type { FastifyInstance, FastifyReply, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CheckInBodySchema, CheckInResponseSchema, LogoutResponseSchema } from '#contract/auth.ts';
import { KnownFailureSchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import { isLocale } from '#domain/i18n/locales.ts';
import { epochSeconds } from '#server/clock.ts';
import type { AccountService } from '#server/features/account/account.service.ts';
import { sendFailure, sendOk } from '#server/lib/reply.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { AuthService, CheckInOutcome } from './auth.service.ts';

interface AuthRoutesOptions {
  auth: AuthService;
  account: AccountService;
  requireSession: preHandlerHookHandler;
  /** The bot challenge, when configured; checked before any password work. */
  botCheck: preHandlerHookHandler;
  checkInRateLimit: number;
}

const failures = {
  400: KnownFailureSchema,
  401: KnownFailureSchema,
  403: KnownFailureSchema,
  503: KnownFailureSchema,
};

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { auth, account, requireSession, botCheck } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    API.checkIn,
    {
      preHandler: botCheck,
      config: {
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
        body.tab === 'register' ? await auth.register(input, client) : await auth.login(input, client);
      return replyCheckIn(reply, outcome, account, body.tab);
    },
  );

  api.post(
    API.logout,
    {
      preHandler: requireSession,
      schema: {
        summary: 'Sign out: revokes this session',
        tags: ['auth'],
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
  if (!outcome.ok) {
    const lock = outcome.lock
      ? {
          reason: outcome.lock.reason,
          locked_time: epochSeconds(outcome.lock.lockedAt),
          until_time: outcome.lock.until ? epochSeconds(outcome.lock.until) : null,
        }
      : {};
    return sendFailure(reply, outcome.error, lock);
  }
  const userInfo = await account.userInfo(outcome.value.userId);
  if (!userInfo) throw new Error('a user vanished while signing in');
  return sendOk(
    reply,
    { userInfo: { ...userInfo, token: outcome.value.token }, routePath: '/home' },
    tab === 'register' ? 'Registration successful' : 'Login successful',
  );
}
