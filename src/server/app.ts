import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API, TOKEN_HEADER } from '#contract/paths.ts';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import { adjustableClock, systemClock, type Clock } from './clock.ts';
import { openDatabase, type Database } from './db/database.ts';
import { rulesFrom, type Env } from './env.ts';
import { createAccountRepository } from './features/account/account.repository.ts';
import { createAccountControls } from './features/account/account-controls.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { createAccountService } from './features/account/account.service.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { rewardsRoutes } from './features/rewards/rewards.routes.ts';
import { createRewardsService } from './features/rewards/rewards.service.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { tasksRoutes } from './features/tasks/tasks.routes.ts';
import { devicesRoutes } from './features/devices/devices.routes.ts';
import { createDevicesService } from './features/devices/devices.service.ts';
import { requireBotCheck, turnstileVerifier } from './features/bot-check/turnstile.ts';
import { kycRoutes } from './features/kyc/kyc.routes.ts';
import { createKycService } from './features/kyc/kyc.service.ts';
import { httpSmsSender, logSmsSink } from './features/kyc/sms-sender.ts';
import { deviceLinkedNotice, withdrawalNotice } from './features/push/notices.ts';
import { connectFcm } from './features/push/fcm-messaging.ts';
import { startPushSchedule } from './features/push/push-schedule.ts';
import { createPushSender } from './features/push/push-sender.ts';
import { createPushService } from './features/push/push.service.ts';
import { startPayoutRunner } from './features/payouts/payout-runner.ts';
import { loadWhitelist } from './features/withdraw/load-whitelist.ts';
import { withdrawRoutes } from './features/withdraw/withdraw.routes.ts';
import { createWithdrawService } from './features/withdraw/withdraw.service.ts';
import { createTasksService } from './features/tasks/tasks.service.ts';
import { sendFailure } from './lib/reply.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { createIdempotentSender } from './plugins/idempotent.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { refuseDuringLinkCooldown, registerSession } from './plugins/session.ts';
import { registerStaticApp } from './plugins/static-app.ts';

export interface AppOptions {
  env: Env;
  clock?: Clock;
  rules?: ProductRules;
  /** An open database to use (tests share one); otherwise the app opens and closes its own. */
  database?: Database;
}

/** The composition root: wires configuration, database, features and plugins into one server. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const clock =
    options.clock ??
    (env.CLOCK_OFFSET_SECONDS ? adjustableClock(env.CLOCK_OFFSET_SECONDS * 1000) : systemClock);
  const rules = options.rules ?? rulesFrom(env);

  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: [`req.headers["${TOKEN_HEADER}"]`, 'req.headers.cookie', 'req.headers.authorization'],
    },
    bodyLimit: env.BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
    // Fastify answers 500 to a request that outlives this; keeps slow clients from holding sockets.
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database = options.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  if (!options.database) app.addHook('onClose', () => database.close());
  app.log.info({ database: database.kind }, 'database ready');

  await registerSecurityHeaders(app, {
    production: env.NODE_ENV === 'production',
    mediaOrigins: env.AD_VIDEO_URL ? [new URL(env.AD_VIDEO_URL).origin] : [],
    // The bot challenge's script and frame, only when one is configured.
    challengeOrigins: env.TURNSTILE_SITE_KEY ? [new URL(env.TURNSTILE_SCRIPT_URL).origin] : [],
  });
  await app.register(formbody, { bodyLimit: env.BODY_LIMIT });
  // Phones on slow links: brotli at a quality that costs little CPU per response.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: 'rate limited',
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Earnest API', version: '1' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } },
      },
    },
    transform: jsonSchemaTransform,
  });

  const authRepo = createAuthRepository(database.db);
  const accountRepo = createAccountRepository(database.db);
  const auth = createAuthService({ repo: authRepo, clock, sessionTtlDays: env.SESSION_TTL_DAYS });
  const account = createAccountService({ repo: accountRepo, rules });
  const requireSession = registerSession(app, auth);
  const linkCooldown = refuseDuringLinkCooldown(clock);
  const botChallenge =
    env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET
      ? { siteKey: env.TURNSTILE_SITE_KEY, scriptUrl: env.TURNSTILE_SCRIPT_URL }
      : null;
  const botCheck = requireBotCheck(
    botChallenge && env.TURNSTILE_SECRET
      ? turnstileVerifier(env.TURNSTILE_SECRET, env.TURNSTILE_VERIFY_URL)
      : null,
  );
  const sendIdempotent = createIdempotentSender(database.db, clock);
  const timeZone = env.DAY_TIME_ZONE;
  const tasks = createTasksService({ db: database.db, clock, rules, timeZone });
  const rewards = createRewardsService({
    db: database.db,
    clock,
    rules,
    timeZone,
    accounts: createAccountRepository,
  });
  const withdraw = createWithdrawService({
    db: database.db,
    clock,
    rules,
    ruleConfig: {
      requiredBoundInvitations: env.WITHDRAW_REQUIRED_INVITATIONS,
      requirePhone: env.WITHDRAW_REQUIRE_PHONE,
    },
    timeZone,
    accounts: createAccountRepository,
    whitelist: loadWhitelist(env.EXCHANGE_WHITELIST_FILE),
    adVideoUrl: env.AD_VIDEO_URL ?? null,
  });
  const kyc = createKycService({
    db: database.db,
    clock,
    rules,
    sms: env.SMS_PROVIDER_URL
      ? httpSmsSender(env.SMS_PROVIDER_URL, env.SMS_PROVIDER_TOKEN)
      : logSmsSink(app.log, env.NODE_ENV === 'production'),
    publicHost: env.PUBLIC_HOST ?? null,
  });
  if (env.DEMO_TASKS) await tasks.seedDemoCatalog(env.DEMO_TASK_SECONDS ?? null);

  await app.register(authRoutes, {
    auth,
    account,
    requireSession,
    botCheck,
    checkInRateLimit: env.CHECKIN_RATE_LIMIT,
  });
  await app.register(accountRoutes, {
    account,
    controls: createAccountControls(database.db, clock),
    requireSession,
    linkCooldown,
  });
  await app.register(tasksRoutes, { tasks, clock, requireSession, sendIdempotent });
  await app.register(rewardsRoutes, { rewards, requireSession, sendIdempotent });
  await app.register(withdrawRoutes, { withdraw, requireSession, linkCooldown, sendIdempotent });
  await app.register(kycRoutes, { kyc, requireSession, linkCooldown, botCheck, sendIdempotent });
  const push = await createPushSender(database.db, clock, {
    subject: env.PUSH_SUBJECT,
    log: app.log,
    extraOrigins: env.PUSH_SERVICE_ORIGINS,
    fcm: env.FIREBASE_SERVICE_ACCOUNT ? await connectFcm(env.FIREBASE_SERVICE_ACCOUNT) : null,
  });
  await app.register(pushRoutes, {
    push: createPushService({ db: database.db, clock, sender: push, extraOrigins: env.PUSH_SERVICE_ORIGINS }),
    requireSession,
  });
  const schedule = startPushSchedule({
    db: database.db,
    clock,
    rules,
    timeZone,
    sender: push,
    intervalMs: env.PUSH_SCHEDULE_SECONDS * 1000,
    log: app.log,
  });
  app.addHook('onClose', () => schedule.stop());
  await app.register(devicesRoutes, {
    devices: createDevicesService({
      db: database.db,
      clock,
      sessionTtlDays: env.SESSION_TTL_DAYS,
      onLinked: async (userId, linkId) => {
        await push.sendToUser(userId, deviceLinkedNotice(linkId));
      },
    }),
    requireSession,
    countryHeader: env.COUNTRY_HEADER ?? null,
    attemptLimit: env.LINK_ATTEMPT_LIMIT,
  });
  if (env.PAYOUTS) {
    const payouts = startPayoutRunner({
      onFinal: async ({ id, userId, status }) => {
        await push.sendToUser(userId, withdrawalNotice(id, status));
      },
      db: database.db,
      clock,
      rules,
      xrpl: env.XRPL_URL && env.XRPL_SEED ? { url: env.XRPL_URL, seed: env.XRPL_SEED } : null,
      intervalMs: env.PAYOUT_INTERVAL_SECONDS * 1000,
      log: app.log,
    });
    app.addHook('onClose', () => payouts.stop());
  }
  await app.register(settingsRoutes, {
    rules,
    accounts: accountRepo,
    clock,
    supportUrl: env.SUPPORT_URL ?? null,
    withdrawRules: () => withdraw.publicRules(),
    botChallenge,
  });
  app.get(API.docs, { schema: { hide: true } }, async () => app.swagger());

  // Bodies on GET are never meaningful here; refuse them instead of ignoring them.
  app.addHook('preValidation', async (request, reply) => {
    if (
      request.method === 'GET' &&
      request.headers['content-length'] &&
      request.headers['content-length'] !== '0'
    ) {
      return sendFailure(reply, 'request.invalid');
    }
  });

  await registerStaticApp(app, env.DIST_DIR);
  return app;
}
