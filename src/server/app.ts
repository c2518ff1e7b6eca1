import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API, REQUEST_ID_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { sendFailure } from '#server/lib/reply.ts';
import { clientErrorHandlerOf } from '#server/lib/client-error.ts';
import { ok } from '#domain/result.ts';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import { adjustableClock, systemClock, type Clock } from './clock.ts';
import { openDatabase, ping, type Database } from './db/database.ts';
import {
  metricsTokenOf,
  publicOriginOf,
  ruleSettingDefaultsFrom,
  rulesFrom,
  trustProxyOf,
  type Env,
} from './env.ts';
import { createAccountRepository } from './features/account/account.repository.ts';
import { createAccountControls } from './features/account/account-controls.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { createAccountService } from './features/account/account.service.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService, passwordRefusal } from './features/auth/auth.service.ts';
import { historyRoutes } from './features/history/history.routes.ts';
import { createHistoryService } from './features/history/history.service.ts';
import { rewardsRoutes } from './features/rewards/rewards.routes.ts';
import { createRewardsService } from './features/rewards/rewards.service.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { httpRateSource } from './features/rates/rate-source.ts';
import { ratesRoutes } from './features/rates/rates.routes.ts';
import { createRatesService } from './features/rates/rates.service.ts';
import { createSettingsService } from './features/settings/settings.service.ts';
import { createRuleSettings } from './features/settings/rule-settings.service.ts';
import { settingsConsoleRoutes } from './features/settings/settings-console.routes.ts';
import { tasksRoutes } from './features/tasks/tasks.routes.ts';
import { tasksConsoleRoutes } from './features/tasks/tasks-console.routes.ts';
import { createTasksConsole } from './features/tasks/tasks-console.service.ts';
import { devicesRoutes } from './features/devices/devices.routes.ts';
import { createDevicesService } from './features/devices/devices.service.ts';
import { requireBotCheck, turnstileVerifier } from './features/bot-check/turnstile.ts';
import { kycRoutes } from './features/kyc/kyc.routes.ts';
import { createKycService } from './features/kyc/kyc.service.ts';
import { countedSms, httpSmsSender, logSmsSink } from './features/kyc/sms-sender.ts';
import { addressChangedNotice, deviceLinkedNotice, withdrawalNotice } from './features/push/notices.ts';
import { connectFcm } from './features/push/fcm-messaging.ts';
import { startPushSchedule } from './features/push/push-schedule.ts';
import { createPushSender } from './features/push/push-sender.ts';
import { createPushService } from './features/push/push.service.ts';
import { payoutLagSeconds } from './features/payouts/payout-job.ts';
import { startPayoutRunner, type PayoutRunnerState } from './features/payouts/payout-runner.ts';
import { loadWhitelist } from './features/withdraw/load-whitelist.ts';
import { withdrawRoutes } from './features/withdraw/withdraw.routes.ts';
import { createWithdrawService, withdrawalsByStatus } from './features/withdraw/withdraw.service.ts';
import { createTasksService } from './features/tasks/tasks.service.ts';
import { opsRoutes } from './features/ops/ops.routes.ts';
import { testimonialsRoutes } from './features/testimonials/testimonials.routes.ts';
import { createTestimonialsService } from './features/testimonials/testimonials.service.ts';
import { transparencyRoutes } from './features/transparency/transparency.routes.ts';
import { createTransparencyService } from './features/transparency/transparency.service.ts';
import { xrplWalletReader } from './features/transparency/wallet-balance.ts';
import { usageRoutes } from './features/usage/usage.routes.ts';
import { createUsageService } from './features/usage/usage.service.ts';
import { createOperatorsService } from './features/ops/ops.service.ts';
import { dashboardRoutes } from './features/ops/dashboard.routes.ts';
import { createDashboardService } from './features/ops/dashboard.service.ts';
import { connectXrplPayer, payoutWalletOf, xrplLedgerReader } from './features/payouts/payouts.service.ts';
import { opsWithdrawalsRoutes } from './features/ops/withdrawals.routes.ts';
import { opsUsersRoutes } from './features/ops/users.routes.ts';
import { opsCommandRoutes } from './ops-commands.ts';
import { ledger } from './ledger/ledger.ts';
import { loggerOptions, requestIdOf } from './lib/logging.ts';
import { createMetrics } from './lib/metrics.ts';
import { keyedHash, randomKey, serverSecret } from './lib/server-secrets.repository.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { healthRoutes } from './plugins/health.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSameOriginCheck } from './plugins/same-origin.ts';
import { readSmsCatalogs, smsTextFrom } from './features/kyc/sms-words.ts';
import { createIdempotentSender } from './plugins/idempotent.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerSecurityHeaders, securityHeadersOf } from './plugins/security.ts';
import { registerAccessGate, type RouteAccess } from './plugins/session.ts';
import { prerenderedSources, registerStaticApp } from './plugins/static-app.ts';
import { createSessionCache, followRevocations } from './features/auth/session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the access it declares (tests walk it: see plugins/session.ts). */
    routeTable: RouteAccess[];
  }
}

export interface AppOptions {
  env: Env;
  clock?: Clock;
  rules?: ProductRules;
  /** An open database to use (tests share one); otherwise the app opens and closes its own. */
  database?: Database;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
  /**
   * The command line's key (docs/operators.md#the-command-line); main.ts makes one for an embedded
   * database and leaves it where the command line finds it. Null: the command line has no way in.
   */
  opsCliKey?: string | null;
}

/** The composition root: wires configuration, database, features and plugins into one server. */
// The SMS catalogs, read once per process (locales/<locale>/sms.po).
const SMS_TEXT = smsTextFrom(readSmsCatalogs(new URL('../../locales/', import.meta.url)));

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const clock =
    options.clock ??
    (env.CLOCK_OFFSET_SECONDS ? adjustableClock(env.CLOCK_OFFSET_SECONDS * 1000) : systemClock);
  // The configuration's rules; the console may change the user-facing ones from a stated time (below).
  const baseRules = options.rules ?? rulesFrom(env);
  // The account the payout key signs for (PAYOUT_WALLET_ADDRESS when XRPL_SEED is a regular key).
  const payoutWallet = env.XRPL_SEED
    ? payoutWalletOf(env.XRPL_SEED, env.PAYOUT_WALLET_ADDRESS).address
    : (env.PAYOUT_WALLET_ADDRESS ?? null);
  const xrpl =
    env.XRPL_URL && env.XRPL_SEED
      ? {
          url: env.XRPL_URL,
          seed: env.XRPL_SEED,
          account: env.PAYOUT_WALLET_ADDRESS ?? null,
          feeCapDrops: BigInt(env.PAYOUT_FEE_CAP_DROPS),
          networkId: env.XRPL_NETWORK_ID ?? null,
        }
      : null;

  const prerendered = prerenderedSources(env.DIST_DIR);
  const securityHeaders = securityHeadersOf({
    production: env.NODE_ENV === 'production',
    mediaOrigins: env.AD_VIDEO_URL ? [new URL(env.AD_VIDEO_URL).origin] : [],
    // The bot challenge's script and frame, only when one is configured.
    challengeOrigins: env.TURNSTILE_SITE_KEY ? [new URL(env.TURNSTILE_SCRIPT_URL).origin] : [],
    // The prerendered pages' inline scripts and style sheet, allowed by their hashes.
    scriptHashes: prerendered.scriptSrc,
    styleHashes: prerendered.styleSrc,
  });

  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL, options.logStream),
    bodyLimit: env.BODY_LIMIT,
    // Only the configured proxies' X-Forwarded-For is believed (env.ts, TRUST_PROXY).
    trustProxy: trustProxyOf(env),
    // Node's HTTP server ends a request that outlives this (408); keeps slow clients from holding sockets.
    requestTimeout: 30_000,
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A path that cannot be decoded (`/%E0`) or a parameter longer than Fastify reads is refused
    // before routing, so before every hook: it gets the catalogue's envelope, its request id and the
    // security headers here, not Fastify's own English answer. The only other error that comes this
    // way, an asynchronous route constraint failing, is ours (none is declared): a server error.
    clientErrorHandler: clientErrorHandlerOf(securityHeaders),
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeaders).header(REQUEST_ID_HEADER, request.id);
      void sendFailure(reply, error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? 'server.error' : 'request.invalid');
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Echoed on every answer, errors included: a user's report names the line in the log.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Only with metrics on: the counting hook costs every request something.
  const metrics = metricsTokenOf(env) ? createMetrics() : null;
  metrics?.observeRequests(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);

  const database =
    options.database ??
    (await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      timeouts: {
        statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
    }));
  if (!options.database) app.addHook('onClose', () => database.close());
  app.log.info({ database: database.kind }, 'database ready');

  const ruleSettings = createRuleSettings({
    db: database.db,
    clock,
    baseRules,
    defaults: ruleSettingDefaultsFrom(
      env,
      baseRules,
      loadWhitelist(env.EXCHANGE_WHITELIST_FILE, payoutWallet),
    ),
    payoutWallet,
  });
  await ruleSettings.refresh();
  // Every request reads rules at most a second old: a change another process made is in force here
  // by its effective time (docs/operators.md#settings).
  app.addHook('onRequest', async () => ruleSettings.refreshIfStale());
  const rules = ruleSettings.rules;

  registerSecurityHeaders(app, securityHeaders);
  // After the headers' hook: a refusal carries them too.
  registerSameOriginCheck(app);
  await app.register(formbody, { bodyLimit: env.BODY_LIMIT });
  // Phones on slow links: brotli at a quality that costs little CPU per response.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
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

  const accountRepo = createAccountRepository(database.db);
  // Keys made once per installation and kept in the database: every process hashes and signs alike.
  const hash = keyedHash(await serverSecret(database.db, 'hash-key', clock.now(), randomKey));
  await registerRateLimits(app, { db: database.db, clock, hash });
  await app.register(cookie, {
    secret: await serverSecret(database.db, 'cookie-key', clock.now(), randomKey),
  });
  // Sessions are cached only while this process hears every revocation (session-cache.ts).
  const sessionCache =
    env.SESSION_CACHE_SECONDS > 0 ? createSessionCache(env.SESSION_CACHE_SECONDS * 1000) : null;
  if (sessionCache) {
    const stop = await followRevocations(database, sessionCache);
    app.addHook('onClose', async () => {
      sessionCache.close();
      // The database may already be closed (the app's own closes first): nothing left to stop.
      await stop().catch(() => {});
    });
  }
  const auth = createAuthService({
    db: database.db,
    clock,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    hash,
    ...(sessionCache ? { sessionCache } : {}),
  });
  const account = createAccountService({ db: database.db, rules, clock });
  const operators = createOperatorsService({
    db: database.db,
    clock,
    hash,
    // Authenticator apps list the account under this: which Earnest it signs in to.
    issuer: `Earnest ${new URL(publicOriginOf(env)).hostname}`,
  });
  const routeTable = registerAccessGate(
    app,
    auth,
    operators,
    clock,
    metricsTokenOf(env),
    options.opsCliKey ?? null,
  );
  app.decorate('routeTable', routeTable);
  const botChallenge =
    env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET
      ? { siteKey: env.TURNSTILE_SITE_KEY, scriptUrl: env.TURNSTILE_SCRIPT_URL }
      : null;
  const botCheck = requireBotCheck(
    botChallenge && env.TURNSTILE_SECRET
      ? turnstileVerifier(env.TURNSTILE_SECRET, env.TURNSTILE_VERIFY_URL)
      : null,
  );
  const sendIdempotent = createIdempotentSender(database.db, clock, (sessionId) => auth.refusalOf(sessionId));
  const timeZone = env.DAY_TIME_ZONE;
  const tasks = createTasksService({ db: database.db, clock, rules, timeZone });
  const rewards = createRewardsService({
    db: database.db,
    clock,
    rules,
    timeZone,
    accounts: createAccountRepository,
    dayProgress: (executor, userId, day) => tasks.dayProgress(executor, userId, day),
  });
  const kyc = createKycService({
    db: database.db,
    clock,
    rules,
    sms: countedSms(
      env.SMS_PROVIDER_URL
        ? httpSmsSender(env.SMS_PROVIDER_URL, env.SMS_PROVIDER_TOKEN)
        : logSmsSink(app.log, env.NODE_ENV === 'production'),
      (outcome) => metrics?.sms.inc({ outcome }),
    ),
    publicHost: new URL(publicOriginOf(env)).hostname, // the SMS one-time-code format names the host without a port
    hash,
    smsText: SMS_TEXT,
    languageOf: (userId) => account.language(userId),
  });
  const withdraw = createWithdrawService({
    db: database.db,
    clock,
    rules,
    ruleConfig: () => {
      const now = ruleSettings.now();
      return { requiredBoundInvitations: now.requiredInvitations, requirePhone: now.requirePhone };
    },
    configuredWaitingDays: baseRules.waitingDays,
    timeZone,
    accounts: createAccountRepository,
    phoneVerified: (executor, userId) => kyc.isVerified(executor, userId),
    whitelist: () => ruleSettings.now().exchanges,
    adVideoUrl: env.AD_VIDEO_URL ?? null,
    checkPassword: async (userId, password, device) =>
      passwordRefusal(await auth.checkCurrentPassword(userId, password, device)) ?? ok(true as const),
    refusalUnderLock: (tx, session) => auth.refusalUnderLock(tx, session),
    // Called at request time, when the push sender below exists.
    announceAddressChange: async (userId, at) => {
      await push.sendToUser(userId, addressChangedNotice(at));
    },
    hash,
  });
  await withdraw.recordEarlierHolders();
  if (env.DEMO_TASKS) await tasks.seedDemoCatalog(env.DEMO_TASK_SECONDS ?? null);

  await app.register(authRoutes, {
    auth,
    userInfo: (userId) => account.userInfo(userId),
    botCheck,
    checkInRateLimit: env.CHECKIN_RATE_LIMIT,
    secureCookies: env.NODE_ENV === 'production',
  });
  await app.register(accountRoutes, {
    account,
    controls: createAccountControls({
      db: database.db,
      clock,
      auth,
      hasOpenWithdrawal: (executor, userId) => withdraw.hasOpenWithdrawal(executor, userId),
    }),
  });
  await app.register(tasksRoutes, { tasks, clock, sendIdempotent });
  await app.register(rewardsRoutes, { rewards, sendIdempotent });
  await app.register(historyRoutes, { history: createHistoryService({ db: database.db }) });
  await app.register(withdrawRoutes, { withdraw, sendIdempotent });
  await app.register(kycRoutes, { kyc, botCheck, sendIdempotent });
  const push = await createPushSender(database.db, clock, {
    subject: env.PUSH_SUBJECT,
    log: app.log,
    extraOrigins: env.PUSH_SERVICE_ORIGINS,
    fcm: env.FIREBASE_SERVICE_ACCOUNT ? await connectFcm(env.FIREBASE_SERVICE_ACCOUNT) : null,
    observe: (outcome) => metrics?.pushes.inc({ outcome }),
  });
  // A shutdown does not wait out push services' Retry-After.
  app.addHook('preClose', async () => push.close());
  await app.register(pushRoutes, {
    push: createPushService({ db: database.db, clock, sender: push, extraOrigins: env.PUSH_SERVICE_ORIGINS }),
  });
  const schedule = startPushSchedule({
    db: database.db,
    clock,
    // Only for withdrawals from before waiting periods were kept per row: the configured period.
    rules: baseRules,
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
      auth,
      hash,
      attemptLimit: env.LINK_ATTEMPT_LIMIT,
      onLinked: async (userId, linkId) => {
        await push.sendToUser(userId, deviceLinkedNotice(linkId));
      },
    }),
    countryHeader: env.COUNTRY_HEADER ?? null,
  });
  let payoutState: (() => PayoutRunnerState) | null = null;
  if (env.PAYOUTS) {
    const payouts = startPayoutRunner({
      onFinal: async ({ id, userId, status }) => {
        await push.sendToUser(userId, withdrawalNotice(id, status));
      },
      db: database.db,
      clock,
      // Each withdrawal waits the period on its row; older rows the configured one.
      rules: baseRules,
      xrpl,
      intervalMs: env.PAYOUT_INTERVAL_SECONDS * 1000,
      resubmitMs: env.PAYOUT_RESUBMIT_SECONDS * 1000,
      alertAfterMs: env.PAYOUT_ALERT_MINUTES * 60_000,
      log: app.log,
    });
    app.addHook('onClose', () => payouts.stop());
    payoutState = payouts.state;
    metrics?.watchPayouts(() => payouts.state().lastPassAt);
  }
  await app.register(settingsRoutes, {
    settings: createSettingsService({
      rules,
      clock,
      supportUrl: () => ruleSettings.now().supportUrl,
      explorerTxUrl: env.XRPL_EXPLORER_TX_URL,
      countUsers: () => accountRepo.countUsers(),
      usersShownFrom: env.LANDING_USERS_MIN,
      withdrawRules: () => withdraw.publicRules(),
      botChallenge,
    }),
  });
  await app.register(opsRoutes, { operators, clock });
  await app.register(settingsConsoleRoutes, { ruleSettings });
  await app.register(tasksConsoleRoutes, {
    db: database.db,
    clock,
    tasksConsole: createTasksConsole({ rules }),
  });
  const walletReader = env.XRPL_URL ? xrplWalletReader(env.XRPL_URL) : null;
  if (walletReader) app.addHook('onClose', () => walletReader.close());
  await app.register(transparencyRoutes, {
    transparency: createTransparencyService({
      db: database.db,
      clock,
      walletAddress: payoutWallet,
      wallet: walletReader,
      // Read on each request: the waiting period in force, which the console may change.
      get waitingDays() {
        return rules.waitingDays;
      },
      explorerTxUrl: env.XRPL_EXPLORER_TX_URL,
      cacheMs: env.TRANSPARENCY_CACHE_SECONDS * 1000,
    }),
  });
  await app.register(testimonialsRoutes, {
    testimonials: createTestimonialsService({
      db: database.db,
      clock,
      usernameOf: async (userId) => (await account.userInfo(userId))?.username ?? null,
      refusalUnderLock: (tx, session) => auth.refusalUnderLock(tx, session),
    }),
  });
  await app.register(usageRoutes, { usage: createUsageService({ db: database.db, clock, timeZone }) });
  await app.register(dashboardRoutes, {
    dashboard: createDashboardService({
      db: database.db,
      clock,
      timeZone,
      ledger: env.XRPL_URL
        ? {
            balanceOf: xrplLedgerReader(env.XRPL_URL).balanceOf,
            // The web process may hold no key: then the wallet is the one the payout job records.
            address: payoutWallet,
          }
        : null,
    }),
  });
  await app.register(opsWithdrawalsRoutes, {
    db: database.db,
    clock,
    // Each withdrawal waits the period on its row; rows from before that wait the configured one.
    rules: baseRules,
    connectPayer: xrpl ? () => connectXrplPayer(xrpl.url, xrpl.seed, xrpl) : null,
    ledger: env.XRPL_URL ? xrplLedgerReader(env.XRPL_URL) : null,
    onFinal: async ({ id, userId, status }) => {
      await push.sendToUser(userId, withdrawalNotice(id, status));
    },
  });
  await app.register(opsUsersRoutes, { db: database.db, clock, rules: baseRules });
  await app.register(opsCommandRoutes, { db: database.db, env, clock });
  await app.register(ratesRoutes, {
    rates: createRatesService({
      source: env.RATE_SOURCE_URL
        ? httpRateSource(env.RATE_SOURCE_URL, env.RATE_TIMEOUT_SECONDS * 1000)
        : null,
      clock,
      cacheMs: env.RATE_CACHE_SECONDS * 1000,
      maxAgeMs: env.RATE_MAX_AGE_SECONDS * 1000,
      log: app.log,
    }),
  });
  app.get(API.docs, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  metrics?.watchDatabase({
    ping: () => ping(database.db),
    ledgerByKind: () => ledger.countsByKind(database.db),
    withdrawalsByStatus: () => withdrawalsByStatus(database.db),
    payoutLagSeconds: () => payoutLagSeconds(database.db, clock, baseRules),
  });
  await app.register(healthRoutes, { db: database.db, payouts: payoutState, metrics });

  await registerStaticApp(app, env.DIST_DIR, { production: env.NODE_ENV === 'production' });
  return app;
}
