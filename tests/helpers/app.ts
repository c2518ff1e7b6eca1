import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { parseEnv } from '#server/env.ts';

export interface TestAppOptions {
  database: Database;
  env?: Record<string, string>;
  clock?: Clock;
}

/** The real app, built in-process on a given database, quiet, with a generous sign-in limit. */
export async function buildTestApp({ database, env = {}, clock }: TestAppOptions): Promise<FastifyInstance> {
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
    ...(clock ? { clock } : {}),
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
