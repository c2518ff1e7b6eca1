import type { FastifyInstance } from 'fastify';
import { OPS_API, OPS_TOKEN_HEADER } from '#contract/ops.ts';
import type { OperatorRole } from '#domain/ops/operators.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { desc, eq } from 'drizzle-orm';
import { operators, operatorSessions } from '#server/db/schema.ts';
import {
  CLI,
  consoleActor,
  createOperatorsService,
  type AuditActor,
} from '#server/features/ops/ops.service.ts';
import { keyedHash } from '#server/lib/server-secrets.repository.ts';
import { envelope } from './app.ts';
import { totpCodeAt } from './totp.ts';

/** An operator made the way the command line makes one, and set up through the API. */
export interface TestOperator {
  name: string;
  role: OperatorRole;
  password: string;
  /** The TOTP secret the operator's authenticator app holds. */
  secret: string;
}

export const OPERATOR_PASSWORD = 'correct horse battery';

/** The operators' service as the command line uses it (to disable or reset an operator). */
export const operatorsService = (db: Db, clock: Clock) =>
  createOperatorsService({ db, clock, hash: keyedHash('tests'), issuer: 'Earnest test' });

/** The set-up link's secret part for a new operator (what `npm run ops -- admin create` prints). */
export async function createOperatorLink(db: Db, clock: Clock, name: string, role: OperatorRole) {
  const created = await operatorsService(db, clock).create(CLI, name, role);
  if (!created.ok) throw new Error(`could not create operator ${name}: ${created.error}`);
  return created.value.token;
}

/** Creates an operator and uses its set-up link with a code read from the secret, as a phone would. */
export async function createOperator(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  name: string,
  role: OperatorRole = 'admin',
): Promise<TestOperator> {
  const token = await createOperatorLink(db, clock, name, role);
  const start = envelope(await app.inject({ method: 'POST', url: OPS_API.setupStart, payload: { token } }));
  const secret = (start.data as { secret?: string }).secret;
  if (!secret) throw new Error(`set-up start failed: ${JSON.stringify(start)}`);
  const finish = envelope(
    await app.inject({
      method: 'POST',
      url: OPS_API.setupFinish,
      payload: {
        token,
        password: OPERATOR_PASSWORD,
        confirm_password: OPERATOR_PASSWORD,
        code: totpCodeAt(secret, clock.now()),
      },
    }),
  );
  if (finish.code !== 1) throw new Error(`set-up failed: ${JSON.stringify(finish)}`);
  return { name, role, password: OPERATOR_PASSWORD, secret };
}

/**
 * Signs an operator in with the code of the NEXT time step (an authenticator app a little ahead is
 * accepted): the step of the set-up or of an earlier sign-in is spent and would be refused.
 */
export function opsSignIn(app: FastifyInstance, operator: TestOperator, at: Date, code?: string) {
  return app.inject({
    method: 'POST',
    url: OPS_API.signIn,
    payload: {
      name: operator.name,
      password: operator.password,
      code: code ?? totpCodeAt(operator.secret, at.getTime() + 30_000),
    },
  });
}

/** A signed-in operator's session token; the clock moves a step on first, so every call gets a fresh code. */
export async function opsToken(
  app: FastifyInstance,
  operator: TestOperator,
  clock: Clock & { advance(ms: number): void },
): Promise<string> {
  clock.advance(30_000);
  const body = envelope(await opsSignIn(app, operator, clock.now()));
  const token = (body.data as { token?: string }).token;
  if (!token) throw new Error(`operator sign-in failed: ${JSON.stringify(body)}`);
  return token;
}

/** A GET or POST with an operator's token. */
export function opsRequest(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    headers: token ? { [OPS_TOKEN_HEADER]: token } : {},
  });
}

/**
 * What the console's gate hands a route for an operator's newest session: a service called with it
 * acts as a request that already passed the gate.
 */
export async function consoleActorOf(db: Db, name: string): Promise<AuditActor> {
  const [row] = await db
    .select({ operatorId: operatorSessions.operatorId, sessionId: operatorSessions.id })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operators.name, name))
    .orderBy(desc(operatorSessions.id))
    .limit(1);
  if (!row) throw new Error(`${name} has no session`);
  return consoleActor({ ...row, name }, '203.0.113.5');
}
