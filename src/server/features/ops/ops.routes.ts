import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AuditListResponseSchema,
  AuditQuerySchema,
  OPS_API,
  OpsEmptyResponseSchema,
  OpsMeResponseSchema,
  OpsSetupFinishBodySchema,
  OpsSetupStartBodySchema,
  OpsSetupStartResponseSchema,
  OpsSignInBodySchema,
  OpsSignInResponseSchema,
  OpsSignOutBodySchema,
} from '#contract/ops.ts';
import { OPS_IDLE_MS, opsSessionEnd } from '#domain/ops/operators.ts';
import { mapOk, ok } from '#domain/result.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import { consoleActor, type OperatorsService, type OpsClient } from './ops.service.ts';

interface OpsRoutesOptions {
  operators: OperatorsService;
  clock: Clock;
}

const clientOf = (request: FastifyRequest): OpsClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Signing in and out of the console, setting an operator up, and reading the audit log. */
export async function opsRoutes(app: FastifyInstance, { operators, clock }: OpsRoutesOptions) {
  const routes = featureRoutes(app, ['ops']);
  const idleMinutes = OPS_IDLE_MS / 60_000;

  routes.post(
    OPS_API.signIn,
    {
      summary: 'An operator signs in with name, password and a TOTP code',
      access: 'public',
      body: OpsSignInBodySchema,
      response: OpsSignInResponseSchema,
      failures: [400, 429],
    },
    async ({ body, request }) =>
      mapOk(await operators.signIn(body, clientOf(request)), (signedIn) => ({
        token: signedIn.token,
        operator: signedIn.operator,
        idle_minutes: idleMinutes,
        ends_time: epochSeconds(signedIn.endsAt),
      })),
  );

  routes.post(
    OPS_API.setupStart,
    {
      summary: "A set-up link's page: who is set up, and the TOTP secret to enrol",
      access: 'public',
      body: OpsSetupStartBodySchema,
      response: OpsSetupStartResponseSchema,
      failures: [400],
    },
    async ({ body }) =>
      mapOk(await operators.setupStart(body.token), (setup) => ({
        operator: setup.operator,
        secret: setup.secret,
        uri: setup.uri,
        expires_time: epochSeconds(setup.expiresAt),
      })),
  );

  routes.post(
    OPS_API.setupFinish,
    {
      summary: 'Uses a set-up link: sets the password and enrols the TOTP second factor',
      access: 'public',
      body: OpsSetupFinishBodySchema,
      response: OpsEmptyResponseSchema,
      failures: [400, 429],
    },
    async ({ body, request }) =>
      mapOk(
        await operators.setupFinish(
          {
            token: body.token,
            password: body.password,
            confirmPassword: body.confirm_password,
            code: body.code,
          },
          clientOf(request),
        ),
        () => ({}),
      ),
  );

  routes.get(
    OPS_API.me,
    { summary: 'The signed-in operator, and when the session ends', response: OpsMeResponseSchema },
    ({ operator }) => ({
      operator: { name: operator.name, role: operator.role },
      idle_minutes: idleMinutes,
      ends_time: epochSeconds(opsSessionEnd(operator.signedInAt, clock.now())),
    }),
  );

  routes.post(
    OPS_API.signOut,
    { summary: 'Ends this console session', body: OpsSignOutBodySchema, response: OpsEmptyResponseSchema },
    async ({ operator, request }) => {
      await operators.signOut(consoleActor(operator, request.ip), operator.sessionId);
      return ok({});
    },
  );

  routes.get(
    OPS_API.audit,
    {
      summary: 'The audit log, newest first, filtered',
      query: AuditQuerySchema,
      response: AuditListResponseSchema,
    },
    async ({ query }) => {
      const page = await operators.audit({
        actor: query.actor?.trim().toLowerCase(),
        action: query.action,
        targetKind: query.target_kind,
        targetId: query.target_id?.trim(),
        beforeId: query.before_id,
        from: query.from_time === undefined ? undefined : new Date(query.from_time * 1000),
        to: query.to_time === undefined ? undefined : new Date(query.to_time * 1000),
      });
      return {
        list: page.rows.map((row) => ({
          id: row.id,
          created_time: epochSeconds(row.createdAt),
          actor: row.actor,
          via: row.via === 'cli' ? ('cli' as const) : ('console' as const),
          action: row.action,
          target_kind: row.targetKind,
          target_id: row.targetId,
          reason: row.reason,
          before: row.before,
          after: row.after,
        })),
        next_before_id: page.nextBeforeId,
      };
    },
  );
}
