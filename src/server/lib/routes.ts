import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';

// Zod's core type: the contract's schemas are written in zod or zod/mini (src/contract/README.md).
type Schema = z.core.$ZodType;
import { KnownFailureSchema } from '#contract/envelope.ts';
import type { ErrorCode } from '#contract/errors.ts';
import { OpsFailureSchema, type AnyErrorCode } from '#contract/ops-errors.ts';
import type { OpsPermission } from '#domain/ops/operators.ts';
import type { Result } from '#domain/result.ts';
import type { Db } from '#server/db/database.ts';
import type { IdempotentSender } from '#server/plugins/idempotent.ts';
import type { InvalidRequestError } from '#server/plugins/errors.ts';
import {
  accessOf,
  operatorOf,
  sessionOf,
  type Access,
  type OperatorContext,
  type SessionContext,
} from '#server/plugins/session.ts';
import { sendOk, sendResult } from './reply.ts';

/** The `data` of a success envelope schema. */
type DataOf<R extends Schema> = z.output<R> extends { data: infer D } ? D : never;
type BodyOf<B> = B extends Schema ? z.output<B> : undefined;
type QueryOf<Q> = Q extends Schema ? z.output<Q> : undefined;

/** One route: what the API description says of it, and who may call it. */
export interface RouteSpec<R extends Schema, B = undefined, Q = undefined> {
  summary: string;
  /** The success envelope. */
  response: R;
  body?: B;
  query?: Q;
  /** Default: a signed-in user, or an operator under /api/ops/ (see `Access`). */
  access?: Access;
  /** What an operator route requires of the operator's role (default `read`). */
  permission?: OpsPermission;
  /** The command line's route: it also takes the command line's key (plugins/session.ts). */
  cliKey?: boolean;
  preHandler?: preHandlerHookHandler;
  /** HTTP statuses of the catalogue failures the route may answer; 401 is added for signed-in routes. */
  failures?: readonly number[];
  /** The catalogue code for a request that fails its schema, when not the generic one. */
  invalidRequestError?: InvalidRequestError;
  /** Money routes: body fields left out of the Idempotency-Key's fingerprint (plugins/idempotent.ts). */
  fingerprintOmits?: readonly string[];
  tags?: string[];
  /** A limit of its own, on top of the global one (@fastify/rate-limit). */
  rateLimit?: FastifyContextConfig['rateLimit'];
  /** The success envelope's `msg`, when not `ok`. */
  msg?: string;
}

/** What a handler gets: the validated body and query, and the caller's session. */
export interface RouteContext<B, Q> {
  request: FastifyRequest;
  body: BodyOf<B>;
  query: QueryOf<Q>;
  /** The caller's session; only on routes that are not public. */
  readonly session: SessionContext;
  readonly userId: number;
  /** The operator calling; only on operator routes. */
  readonly operator: OperatorContext;
}

function contextOf<B, Q>(request: FastifyRequest): RouteContext<B, Q> {
  return {
    request,
    body: request.body as BodyOf<B>,
    query: request.query as QueryOf<Q>,
    get session() {
      return sessionOf(request);
    },
    get userId() {
      return sessionOf(request).userId;
    },
    get operator() {
      return operatorOf(request);
    },
  };
}

function optionsOf<R extends Schema, B, Q>(
  url: string,
  spec: RouteSpec<R, B, Q>,
  tags: string[],
): RouteShorthandOptions {
  const access = accessOf(url, spec.access);
  const statuses = new Set(spec.failures ?? []);
  if (access !== 'public') statuses.add(401);
  // Operators may be refused for their role, and answer with the console's catalogue too.
  if (access === 'operator') statuses.add(403);
  const failure = url.startsWith('/api/ops/') ? OpsFailureSchema : KnownFailureSchema;
  const config: FastifyContextConfig = {
    ...(spec.access ? { access: spec.access } : {}),
    ...(spec.permission ? { permission: spec.permission } : {}),
    ...(spec.cliKey ? { cliKey: true } : {}),
    ...(spec.invalidRequestError ? { invalidRequestError: spec.invalidRequestError } : {}),
    ...(spec.fingerprintOmits ? { fingerprintOmits: spec.fingerprintOmits } : {}),
    ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
  };
  return {
    config,
    ...(spec.preHandler ? { preHandler: spec.preHandler } : {}),
    schema: {
      summary: spec.summary,
      tags: spec.tags ?? tags,
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      response: {
        200: spec.response,
        ...Object.fromEntries([...statuses].map((status) => [status, failure])),
      },
    },
  };
}

/**
 * Declares a feature's routes in one shape: the route's description, then what answers it. Reads
 * answer a value, writes a service `Result` (sent as the envelope by `sendResult`), and money
 * answers exactly once per Idempotency-Key.
 */
export function featureRoutes(app: FastifyInstance, tags: string[], sendIdempotent?: IdempotentSender) {
  return {
    /** A GET answering a value. */
    get<R extends Schema, Q = undefined>(
      url: string,
      spec: RouteSpec<R, undefined, Q>,
      answer: (context: RouteContext<undefined, Q>) => DataOf<R> | Promise<DataOf<R>>,
    ) {
      app.get(url, optionsOf(url, spec, tags), async (request, reply) =>
        sendOk(reply, await answer(contextOf(request)), spec.msg),
      );
    },

    /** A GET answering a service's Result (a read that can be refused). */
    lookup<R extends Schema, Q = undefined>(
      url: string,
      spec: RouteSpec<R, undefined, Q>,
      answer: (context: RouteContext<undefined, Q>) => Promise<Result<DataOf<R>, AnyErrorCode>>,
    ) {
      app.get(url, optionsOf(url, spec, tags), async (request, reply) =>
        sendResult(reply, await answer(contextOf(request)), spec.msg),
      );
    },

    /** A POST answering a service's Result. */
    post<R extends Schema, B = undefined, Q = undefined>(
      url: string,
      spec: RouteSpec<R, B, Q>,
      answer: (context: RouteContext<B, Q>) => Promise<Result<DataOf<R>, AnyErrorCode>>,
    ) {
      app.post(url, optionsOf(url, spec, tags), async (request, reply) =>
        sendResult(reply, await answer(contextOf(request)), spec.msg),
      );
    },

    /** A money-moving POST: its work runs once per Idempotency-Key, in the ledger's transaction. */
    money<R extends Schema, B = undefined>(
      url: string,
      spec: RouteSpec<R, B>,
      work: (
        tx: Db,
        context: RouteContext<B, undefined> & { idempotencyKey: string },
      ) => Promise<Result<DataOf<R>, ErrorCode>>,
    ) {
      if (!sendIdempotent) throw new Error('money routes need the idempotent sender');
      app.post(url, optionsOf(url, spec, tags), async (request, reply) => {
        const context = contextOf<B, undefined>(request);
        return sendIdempotent(request, reply, (tx, idempotencyKey) =>
          work(tx, Object.assign(context, { idempotencyKey })),
        );
      });
    },
  };
}
