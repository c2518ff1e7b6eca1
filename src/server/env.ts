import { z } from 'zod';
import { parseAmount } from '#domain/money/amount.ts';
import { DEFAULT_RULES, parsePercent, type ProductRules } from '#domain/rules/product-rules.ts';
import { isTimeZone } from '#domain/time/day.ts';

/**
 * The server's whole configuration: the only module that reads process.env. Every setting has a
 * documented default so that `npm start` works with none.
 */
const xrpAmount = z.string().refine((v) => parseAmount(v) !== null, 'an XRP amount such as 30 or 0.5');
const percent = z.string().refine((v) => parsePercent(v) !== null, 'a percent such as 5 or 0.5');

const EnvSchema = z
  .object({
    /** `production` refuses development-only adapters; `test` is set by the test suites. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** TCP port for the app and the API. */
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Interface to listen on; 0.0.0.0 to accept connections from other machines. */
    HOST: z.string().default('127.0.0.1'),
    /** PostgreSQL server URL. Unset: the embedded PGlite database in DATA_DIR. */
    DATABASE_URL: z.string().url().optional(),
    /** Folder for the embedded database (only used without DATABASE_URL); `memory://` keeps it in RAM. */
    DATA_DIR: z.string().default('./data'),
    /** Folder holding the built app (vite build output). */
    DIST_DIR: z.string().default('./dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Days a session stays valid without use. */
    SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
    /** Sign-in and registration attempts allowed per IP address per minute, checked before hashing. */
    CHECKIN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    /** Largest request body accepted, in bytes. */
    BODY_LIMIT: z.coerce
      .number()
      .int()
      .positive()
      .default(16 * 1024),
    /** Trust X-Forwarded-For from a reverse proxy in front of the server. */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Where "Contact support" leads (https: or mailto:). Unset: the app says support is not configured. */
    SUPPORT_URL: z
      .string()
      .regex(/^(https:|mailto:)/)
      .optional(),
    /** The time zone whose midnight starts Earnest's day (tasks, interest, the ad). */
    DAY_TIME_ZONE: z.string().default('UTC').refine(isTimeZone, 'not a time zone this runtime knows'),
    /** Seconds every demo task requires, instead of each task's own; for tests and demos. */
    DEMO_TASK_SECONDS: z.coerce.number().int().nonnegative().optional(),
    /** Load the demo task catalog into an empty catalog at start. */
    DEMO_TASKS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    // The product's numbers (seed §9). Unset: the seed's values (src/domain/rules/product-rules.ts).
    // Amounts are XRP as exact decimals, rates are percents; everything users see follows them (H3).
    TASKS_PER_DAY: z.coerce.number().int().min(1).max(100).optional(),
    DAILY_TASK_CAP_XRP: xrpAmount.optional(),
    GIFT_XRP: xrpAmount.optional(),
    KYC_BONUS_XRP: xrpAmount.optional(),
    MIN_WITHDRAWAL_XRP: xrpAmount.optional(),
    APR_BASE_PERCENT: percent.optional(),
    /** What each invitee who binds a wallet adds to the inviter's annual rate. */
    APR_STEP_PERCENT: percent.optional(),
    APR_MAX_PERCENT: percent.optional(),
    WAITING_DAYS: z.coerce.number().int().min(0).max(365).optional(),
    /** Seconds the daily ad must play before it counts. */
    AD_SECONDS: z.coerce.number().int().min(1).max(600).optional(),
    /** The ad's video (https). Unset: the built-in 30-second house ad, which needs no network. */
    AD_VIDEO_URL: z.url({ protocol: /^https$/ }).optional(),
    /** Withdrawal rules the operator may switch on (H2: they show on the withdraw screen and Landing). */
    WITHDRAW_REQUIRED_INVITATIONS: z.coerce.number().int().min(0).max(100).default(0),
    WITHDRAW_REQUIRE_PHONE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** A JSON file replacing the demo exchange whitelist: [{ "name": "...", "addresses": ["r..."] }]. */
    EXCHANGE_WHITELIST_FILE: z.string().optional(),
    /** The XRP Ledger server (wss:// or ws://) and the payout wallet's seed. Both unset: payouts wait for the operator. */
    XRPL_URL: z
      .string()
      .regex(/^wss?:\/\//)
      .optional(),
    XRPL_SEED: z.string().optional(),
    /** Whether this process runs the payout job (several may: rows are claimed safely). */
    PAYOUTS: z
      .enum(['on', 'off'])
      .default('on')
      .transform((v) => v === 'on'),
    /** The SMS provider (HTTP POST {to, text}); unset: a development sink that logs, refused in production. */
    SMS_PROVIDER_URL: z.url().optional(),
    SMS_PROVIDER_TOKEN: z.string().optional(),
    /** The host SMS codes are bound to (WebOTP's "@host #code"); unset: the request's host. */
    PUBLIC_HOST: z.string().optional(),
    /** A trusted proxy's header with the visitor's country (e.g. cf-ipcountry), shown when linking a device. */
    COUNTRY_HEADER: z.string().optional(),
    /** Pairing-code tries per account (or address) in 10 minutes. */
    LINK_ATTEMPT_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Cloudflare Turnstile on register, login and SMS sending. Both unset: no bot challenge. */
    TURNSTILE_SITE_KEY: z.string().optional(),
    TURNSTILE_SECRET: z.string().optional(),
    TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
    /** Where the widget's script comes from (a fake in tests). */
    TURNSTILE_SCRIPT_URL: z
      .url()
      .default('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'),
    /** Who the push services may contact about this server's messages (VAPID subject). */
    PUSH_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:)/)
      .default('mailto:operator@earnest.invalid'),
    /** Push-service origins accepted besides the browsers' own, comma-separated (e.g. a fake one in tests). */
    PUSH_SERVICE_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    /** Firebase Cloud Messaging: the service account's JSON. Unset: standard Web Push only. */
    FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
    /** How often the scheduled pushes (daily ad available again, tasks reset) are looked for. */
    PUSH_SCHEDULE_SECONDS: z.coerce.number().positive().default(60),
    /** How often the payout job looks for due withdrawals. */
    PAYOUT_INTERVAL_SECONDS: z.coerce.number().positive().default(60),
    /**
     * Runs the server's clock this many seconds ahead of real time, to try waiting periods in a test or a
     * demo. Refused in production.
     */
    CLOCK_OFFSET_SECONDS: z.coerce.number().int().min(0).default(0),
    /** Seconds to wait for requests in flight when shutting down. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(10),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.CLOCK_OFFSET_SECONDS === 0, {
    message: 'a production server runs on the real clock',
    path: ['CLOCK_OFFSET_SECONDS'],
  });

export type Env = z.infer<typeof EnvSchema>;

/** Parses a configuration; throws with every problem listed, so a bad setting stops the start. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

/** The product's rules in force: the seed's defaults with the configured overrides. */
export function rulesFrom(env: Env): ProductRules {
  const amount = (text: string | undefined, fallback: bigint) =>
    text ? (parseAmount(text) ?? fallback) : fallback;
  const bp = (text: string | undefined, fallback: number) =>
    text ? (parsePercent(text) ?? fallback) : fallback;
  return {
    ...DEFAULT_RULES,
    tasksPerDay: env.TASKS_PER_DAY ?? DEFAULT_RULES.tasksPerDay,
    dailyTaskCap: amount(env.DAILY_TASK_CAP_XRP, DEFAULT_RULES.dailyTaskCap),
    giftAmount: amount(env.GIFT_XRP, DEFAULT_RULES.giftAmount),
    kycBonus: amount(env.KYC_BONUS_XRP, DEFAULT_RULES.kycBonus),
    minWithdrawal: amount(env.MIN_WITHDRAWAL_XRP, DEFAULT_RULES.minWithdrawal),
    aprBaseBp: bp(env.APR_BASE_PERCENT, DEFAULT_RULES.aprBaseBp),
    aprStepBp: bp(env.APR_STEP_PERCENT, DEFAULT_RULES.aprStepBp),
    aprMaxBp: bp(env.APR_MAX_PERCENT, DEFAULT_RULES.aprMaxBp),
    waitingDays: env.WAITING_DAYS ?? DEFAULT_RULES.waitingDays,
    adSeconds: env.AD_SECONDS ?? DEFAULT_RULES.adSeconds,
  };
}

/** The configuration of this process. */
export function loadEnv(): Env {
  return parseEnv(process.env);
}
