import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { API, TOKEN_HEADER } from '#contract/paths.ts';
import { buildApp } from '#server/app.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { parseEnv } from '#server/env.ts';
import { startFakeSms } from '#tests/fakes/fake-sms.ts';
import { pglite, type Backend, type TestDatabase } from './databases.ts';
import { testClock } from './test-clock.ts';

export interface TestAppOptions {
  database: Database;
  env?: Record<string, string>;
  clock?: Clock;
  /** Where log lines go (tests that read the log). */
  logStream?: NodeJS.WritableStream;
}

/** The real app, built in-process on a given database, quiet, with a generous sign-in limit. */
export async function buildTestApp({
  database,
  env = {},
  clock,
  logStream,
}: TestAppOptions): Promise<FastifyInstance> {
  const app = await buildApp({
    env: parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DIST_DIR: './tests/fixtures/dist',
      CHECKIN_RATE_LIMIT: '100000',
      // Tests run the payout job themselves, when they mean to.
      PAYOUTS: 'off',
      // Likewise the scheduled pushes (sendScheduledPushes).
      PUSH_SCHEDULE_SECONDS: '86400',
      ...env,
    }),
    database,
    // The tests' time unless the test brings its own clock (helpers/test-clock.ts).
    clock: clock ?? testClock(),
    ...(logStream ? { logStream } : {}),
  });
  await app.ready();
  return app;
}

export interface Envelope {
  code: number;
  msg: string;
  data: Record<string, unknown> & { error?: string };
}

export function envelope(response: LightMyRequestResponse): Envelope {
  return response.json<Envelope>();
}

/** Registers a user through the API and returns its token and user info. */
export async function register(app: FastifyInstance, username: string, extra: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/checkIn',
    payload: { tab: 'register', username, password: 'secret12', confirm_password: 'secret12', ...extra },
  });
  const body = envelope(response);
  if (body.code !== 1) throw new Error(`registration failed: ${JSON.stringify(body)}`);
  const userInfo = body.data['userInfo'] as { token: string; invite_code: string };
  return { token: userInfo.token, inviteCode: userInfo.invite_code };
}

export function login(app: FastifyInstance, username: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/user/checkIn',
    payload: { tab: 'login', username, password },
  });
}

export interface UseTestAppOptions extends Omit<TestAppOptions, 'database'> {
  /** Where the database lives (e.g. the PostgreSQL server, for races); default: PGlite in memory. */
  backend?: Backend;
}

export interface TestAppHandle {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
}

/**
 * The app on a fresh in-memory database for one test file: built before its tests, closed after.
 * Options may be a function, read when the app is built (after the file's earlier beforeAll hooks,
 * e.g. one that starts a fake the settings point to).
 */
export function useTestApp(options: UseTestAppOptions | (() => UseTestAppOptions) = {}): TestAppHandle {
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    const { backend, ...rest } = typeof options === 'function' ? options() : options;
    database = await (backend ?? pglite).create();
    app = await buildTestApp({ ...rest, database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });
  return {
    get app() {
      if (!app) throw new Error('the test app is built in beforeAll');
      return app;
    },
    get database() {
      if (!database) throw new Error('the test database is opened in beforeAll');
      return database;
    },
  };
}

/** A POST as the app sends it: the session token and, for money, an Idempotency-Key. */
export function postAs(
  app: FastifyInstance,
  url: string,
  token: string | null,
  payload: object = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(token ? { [TOKEN_HEADER]: token } : {}), ...headers },
  });
}

/** A GET with the session token. */
export function getAs(app: FastifyInstance, url: string, token: string | null) {
  return app.inject({ method: 'GET', url, headers: token ? { [TOKEN_HEADER]: token } : {} });
}

/** Signs the caller's other device out from the device list, as Mine does: the answer to that. */
export async function signOutOtherDevice(app: FastifyInstance, token: string) {
  const list = envelope(await getAs(app, API.devices, token)).data['list'] as {
    id: number;
    current: boolean;
  }[];
  return postAs(app, API.revokeDevice, token, { id: list.find((device) => !device.current)?.id });
}

/**
 * Something a test file starts before its tests and closes after them (a fake of an outside
 * network); `.value` is it. Declare it before `useTestApp` when the app's settings point to it.
 */
export function useStarted<T extends { close(): Promise<void> }>(
  start: () => Promise<T>,
): { readonly value: T } {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get value() {
      if (!started) throw new Error('started in beforeAll');
      return started;
    },
  };
}

/**
 * The app whose SMS go to a fake provider (`sms`), reached at https://earnest.example, on a clock the
 * test moves: what the phone-verification and account-closure files share.
 */
export function useTestAppWithSms(env: Record<string, string> = {}) {
  const sms = useStarted(startFakeSms);
  const clock = testClock();
  const handle = useTestApp(() => ({
    clock,
    env: { SMS_PROVIDER_URL: sms.value.url, PUBLIC_ORIGIN: 'https://earnest.example', ...env },
  }));
  return { sms, clock, handle };
}
