import { isIP } from 'node:net';
import { z } from 'zod';
import { INVITE_RULES } from '#domain/invite/counting.ts';
import { parseDrops } from '#domain/money/amount.ts';
import { DEFAULT_RULES, parsePercent, type ProductRules } from '#domain/rules/product-rules.ts';
import { settingsConflict, type RuleSettings } from '#domain/rules/rule-settings.ts';
import { isTimeZone } from '#domain/time/day.ts';

/**
 * The server's whole configuration: the only module that reads process.env. Every setting has a
 * documented default so that `npm start` works with none.
 */
const xrpAmount = z
  .string()
  .refine(
    (v) => parseDrops(v) !== null,
    'an XRP amount in whole drops, such as 30 or 0.5 (at most 6 decimals)',
  );
/** A switch written as its word for yes or for no (`true`/`false`, `on`/`off`), read as a boolean. */
function toggle(yes: string, no: string, byDefault: boolean) {
  return z
    .enum([yes, no])
    .default(byDefault ? yes : no)
    .transform((v) => v === yes);
}
const percent = z.string().refine((v) => parsePercent(v) !== null, 'a percent such as 5 or 0.5');

/** An IPv4/IPv6 address, or one with a /prefix (a CIDR range). */
function isAddressOrRange(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/');
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  return (
    prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128))
  );
}

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
    /**
     * On the PostgreSQL server (not PGlite, which applies none): milliseconds a statement may run, or
     * wait for a lock, before the server cancels it (0: no limit). Above the 10 s a money request waits
     * for its key's first request (src/server/lib/idempotency.ts), so that one is still answered "in
     * flight"; no other lock gets a timeout of its own, this bounds every wait.
     */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
    /**
     * On the PostgreSQL server: milliseconds a transaction may stay open with no statement running
     * before the server ends it and its connection, releasing its locks (0: no limit). Above the
     * slowest thing done inside a transaction between two statements (the payout job asks the XRP
     * Ledger for the wallet's Sequence while it holds the withdrawal's row).
     */
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
    /** Folder for the embedded database (only used without DATABASE_URL); `memory://` keeps it in RAM. */
    DATA_DIR: z.string().default('./data'),
    /** Folder holding the built app (vite build output). */
    DIST_DIR: z.string().default('./dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Days a session stays valid without use. */
    SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
    /**
     * Seconds a process keeps a live session in memory instead of reading it on every request; a
     * revocation reaches every process at once through the database (0 turns the cache off).
     */
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    /** Sign-in and registration attempts allowed per IP address per minute, checked before hashing. */
    CHECKIN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    /** Largest request body accepted, in bytes. */
    BODY_LIMIT: z.coerce
      .number()
      .int()
      .positive()
      .default(16 * 1024),
    /**
     * Reverse proxies in front of the server whose X-Forwarded-For is believed: `false` (none, the
     * default), a number of hops (e.g. 1 for one proxy), or a comma-separated list of proxy addresses
     * or CIDR ranges. `true` is refused: it would believe any client's X-Forwarded-For, and the
     * per-address limits with it.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context): false | number | string[] => {
        const text = value.trim();
        if (text === 'false' || text === '') return false;
        if (/^\d+$/.test(text)) return Number(text);
        const list = text.split(',').map((item) => item.trim());
        if (text !== 'true' && list.every(isAddressOrRange)) return list;
        context.addIssue({
          code: 'custom',
          message:
            'false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges',
        });
        return z.NEVER;
      }),
    /**
     * Landing shows how many accounts exist only from this many on: a small figure says little and
     * reads like a warning. Below it Landing shows no figure at all (never an invented one).
     */
    LANDING_USERS_MIN: z.coerce.number().int().min(0).default(100),
    /** Where "Contact support" leads (https: or mailto:). Unset: the app says support is not configured. */
    SUPPORT_URL: z
      .string()
      .regex(/^(https:|mailto:)/)
      .optional(),
    /**
     * A public XRP Ledger explorer's page for one transaction, `{hash}` standing for its hash: the link
     * a paid withdrawal's hash opens in the personal history.
     */
    XRPL_EXPLORER_TX_URL: z
      .string()
      .regex(/^https:\/\/[^\s]*\{hash\}/, 'an https: URL containing {hash}')
      .default('https://livenet.xrpl.org/transactions/{hash}'),
    /**
     * Where the approximate price of 1 XRP comes from: an http(s) URL answering the JSON shape in
     * docs/exchange-rate.md (e.g. a small proxy in front of a public price API). Unset: no price is shown.
     */
    RATE_SOURCE_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** How long the source's answer is used before it is asked again. */
    RATE_CACHE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    /** How old a quote may be (by the time the source gave it) and still be shown. */
    RATE_MAX_AGE_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .default(1800),
    /** How long to wait for the rate source. */
    RATE_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(3),
    /** The time zone whose midnight starts Earnest's day (tasks, interest, the ad). */
    DAY_TIME_ZONE: z.string().default('UTC').refine(isTimeZone, 'not a time zone this runtime knows'),
    /** Seconds every demo task requires, instead of each task's own; for tests and demos. */
    DEMO_TASK_SECONDS: z.coerce.number().int().nonnegative().optional(),
    /** Load the demo task catalog into an empty catalog at start. */
    DEMO_TASKS: toggle('true', 'false', true),
    // The product's numbers (docs/product-rules.md#limits-and-constants). Unset: the defaults (src/domain/rules/product-rules.ts).
    // Amounts are XRP as exact decimals, rates are percents; everything users see follows them (docs/product-rules.md#no-contradicting-claims).
    TASKS_PER_DAY: z.coerce.number().int().min(1).max(100).optional(),
    DAILY_TASK_CAP_XRP: xrpAmount.optional(),
    GIFT_XRP: xrpAmount.optional(),
    KYC_BONUS_XRP: xrpAmount.optional(),
    MIN_WITHDRAWAL_XRP: xrpAmount.optional(),
    APR_BASE_PERCENT: percent.optional(),
    /** What each invitation that counts (INVITE_COUNTS_WHEN) adds to the inviter's annual rate. */
    APR_STEP_PERCENT: percent.optional(),
    APR_MAX_PERCENT: percent.optional(),
    WAITING_DAYS: z.coerce.number().int().min(0).max(365).optional(),
    /** Seconds the daily ad must play before it counts. */
    AD_SECONDS: z.coerce.number().int().min(1).max(600).optional(),
    /** The ad's video (https). Unset: the built-in 30-second house ad, which needs no network. */
    AD_VIDEO_URL: z.url({ protocol: /^https$/ }).optional(),
    /**
     * When an invitation counts toward the inviter's rate and the invitation rule of withdrawals:
     * `phone` (the friend verified a number no other counted friend used; the default), `wallet` (saved
     * an address: cheap to fake) or `phone_and_wallet`. The Invite screen states the rule in force.
     */
    INVITE_COUNTS_WHEN: z.enum(INVITE_RULES).default('phone'),
    /** Withdrawal rules the operator may switch on (they show on the withdraw screen and Landing: docs/product-rules.md#no-hidden-conditions). */
    WITHDRAW_REQUIRED_INVITATIONS: z.coerce.number().int().min(0).max(100).default(0),
    WITHDRAW_REQUIRE_PHONE: toggle('true', 'false', false),
    /** A JSON file replacing the demo exchange whitelist: [{ "name": "...", "addresses": ["r..."] }]. */
    EXCHANGE_WHITELIST_FILE: z.string().optional(),
    /**
     * The XRP Ledger server (wss:// or ws://), required in production, and the payout wallet's seed
     * (the payout process only). Without a seed, payouts wait for the operator.
     */
    XRPL_URL: z
      .string()
      .regex(/^wss?:\/\//)
      .optional(),
    XRPL_SEED: z.string().optional(),
    /**
     * The payout wallet's public address, shown on the transparency page with its balance read from
     * XRPL_URL; with XRPL_SEED, the account that key signs for (required when it is a regular key).
     * Unset: derived from XRPL_SEED when this process has it (a web process should not), or else the
     * wallet the payout job last signed with.
     */
    PAYOUT_WALLET_ADDRESS: z
      .string()
      .regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/)
      .optional(),
    /** How long the transparency page's figures are served before they are computed again. */
    TRANSPARENCY_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(15),
    /** Whether this process runs the payout job (several may: rows are claimed safely). */
    PAYOUTS: toggle('on', 'off', true),
    /** The SMS provider (HTTP POST {to, text}); required in production; unset elsewhere: a development sink that logs. */
    SMS_PROVIDER_URL: z.url().optional(),
    SMS_PROVIDER_TOKEN: z.string().optional(),
    /**
     * Where users reach Earnest, e.g. https://earnest.example: what SMS codes are bound to (WebOTP's
     * "@host #code") and anything else that names the site. Never taken from a request's Host header.
     * Required in production; elsewhere it defaults to http://HOST:PORT.
     */
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/ })
      .transform((value) => new URL(value).origin)
      .optional(),
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
    /** The most a payout's fee may be, in drops: the server's open-ledger cost is paid up to this. */
    PAYOUT_FEE_CAP_DROPS: z.coerce.number().int().min(10).default(5000),
    /** How often a signed payment is resubmitted and looked up while it waits for the ledger. */
    PAYOUT_RESUBMIT_SECONDS: z.coerce.number().positive().default(4),
    /** A withdrawal still not final this long after it became due is reported (logged) for the operator. */
    PAYOUT_ALERT_MINUTES: z.coerce.number().positive().default(30),
    /** The XRP Ledger network the payout server must be on (mainnet 0, testnet 1, …); unset: not checked. */
    XRPL_NETWORK_ID: z.coerce.number().int().nonnegative().optional(),
    /**
     * Runs the server's clock this many seconds ahead of real time, to try waiting periods in a test or a
     * demo. Refused in production.
     */
    CLOCK_OFFSET_SECONDS: z.coerce.number().int().min(0).default(0),
    /** Seconds to wait for requests in flight when shutting down. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(10),
    /**
     * `/metrics` in Prometheus's format, for a scraper holding METRICS_TOKEN (as a bearer token).
     * Off: `/metrics` answers 404. On, a token is required; in production one of 32 characters or more.
     */
    METRICS: toggle('on', 'off', false),
    METRICS_TOKEN: z.string().optional(),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.CLOCK_OFFSET_SECONDS === 0, {
    message: 'a production server runs on the real clock',
    path: ['CLOCK_OFFSET_SECONDS'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.PUBLIC_ORIGIN !== undefined, {
    message: 'a production server needs its public origin (e.g. https://earnest.example)',
    path: ['PUBLIC_ORIGIN'],
  })
  // Without a provider no code is ever sent, and the phone bonus, an invitation counted by phone and
  // a required phone would be offered to users who can never get them.
  .refine((env) => env.NODE_ENV !== 'production' || env.SMS_PROVIDER_URL !== undefined, {
    message: 'a production server needs an SMS provider (SMS_PROVIDER_URL) for phone verification',
    path: ['SMS_PROVIDER_URL'],
  })
  // Without a ledger server, /transparency could not show the payout wallet's balance against what is
  // owed, and a payment an operator records by hand would be listed as paid unchecked.
  .refine((env) => env.NODE_ENV !== 'production' || env.XRPL_URL !== undefined, {
    message:
      'a production server needs an XRP Ledger server (XRPL_URL) to read the payout wallet and check the payments recorded by hand',
    path: ['XRPL_URL'],
  })
  .refine(
    (env) =>
      !settingsConflict({
        aprBaseBp: parsePercent(env.APR_BASE_PERCENT ?? '') ?? DEFAULT_RULES.aprBaseBp,
        aprMaxBp: parsePercent(env.APR_MAX_PERCENT ?? '') ?? DEFAULT_RULES.aprMaxBp,
      }),
    { message: 'the base annual rate cannot be above APR_MAX_PERCENT', path: ['APR_BASE_PERCENT'] },
  )
  .refine((env) => env.RATE_CACHE_SECONDS < env.RATE_MAX_AGE_SECONDS, {
    // Kept longer than a quote may be shown, the price would vanish while the source has a fresh one.
    message: 'the rate is kept (RATE_CACHE_SECONDS) shorter than it may be shown (RATE_MAX_AGE_SECONDS)',
    path: ['RATE_CACHE_SECONDS'],
  })
  .refine((env) => !env.METRICS || (env.METRICS_TOKEN ?? '').length >= 1, {
    message: 'METRICS=on needs the token scrapers send (METRICS_TOKEN)',
    path: ['METRICS_TOKEN'],
  })
  .refine((env) => !env.METRICS || env.NODE_ENV !== 'production' || (env.METRICS_TOKEN ?? '').length >= 32, {
    message:
      'a production server needs a metrics token of at least 32 characters (e.g. openssl rand -hex 32)',
    path: ['METRICS_TOKEN'],
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

/**
 * TRUST_PROXY in the form Fastify takes: false, a list of proxy addresses, or for a hop count a test
 * that believes exactly that many hops next to the server (what proxy-addr does with a number).
 */
export function trustProxyOf(env: Env): boolean | string[] | ((address: string, hop: number) => boolean) {
  const trust = env.TRUST_PROXY;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** The token `/metrics` asks for; null when metrics are off. */
export function metricsTokenOf(env: Env): string | null {
  return env.METRICS && env.METRICS_TOKEN ? env.METRICS_TOKEN : null;
}

/** Where users reach this server: PUBLIC_ORIGIN, or http://HOST:PORT outside production. */
export function publicOriginOf(env: Env): string {
  if (env.PUBLIC_ORIGIN) return env.PUBLIC_ORIGIN;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}

/** The product's rules in force: the defaults with the configured overrides. */
export function rulesFrom(env: Env): ProductRules {
  const amount = (text: string | undefined, fallback: bigint) =>
    text ? (parseDrops(text) ?? fallback) : fallback;
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
    inviteRule: env.INVITE_COUNTS_WHEN,
  };
}

/**
 * The defaults of the rules an operator may change from the console (docs/operators.md#settings): the
 * configured rules, the withdrawal rules and the exchange list, and the support link.
 */
export function ruleSettingDefaultsFrom(
  env: Env,
  rules: ProductRules,
  exchanges: { name: string; addresses: string[] }[],
): RuleSettings {
  return {
    giftAmount: rules.giftAmount,
    aprBaseBp: rules.aprBaseBp,
    aprStepBp: rules.aprStepBp,
    aprMaxBp: rules.aprMaxBp,
    minWithdrawal: rules.minWithdrawal,
    waitingDays: rules.waitingDays,
    requiredInvitations: env.WITHDRAW_REQUIRED_INVITATIONS,
    requirePhone: env.WITHDRAW_REQUIRE_PHONE,
    exchanges,
    supportUrl: env.SUPPORT_URL ?? null,
  };
}

/** The configuration of this process. */
export function loadEnv(): Env {
  return parseEnv(process.env);
}
