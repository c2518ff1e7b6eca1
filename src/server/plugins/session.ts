import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_API_PREFIX, OPS_CLI_KEY_HEADER, OPS_TOKEN_HEADER } from '#contract/ops.ts';
import type { OpsErrorCode } from '#contract/ops-errors.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';
import { inLinkCooldown } from '#domain/devices/pairing.ts';
import { can, type OperatorRole, type OpsPermission } from '#domain/ops/operators.ts';
import type { Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { AuthService } from '#server/features/auth/auth.service.ts';
import { sendFailure } from '#server/lib/reply.ts';

/**
 * Who may call a route:
 * - `public`: anyone (sign-in, public figures, the app's files);
 * - `user`: a live session of an account that is not banned, locked or deleted;
 * - `settled`: as `user`, and not a device linked less than 24 hours ago — money, security settings
 *   and the account itself (docs/product-rules.md#device-linking);
 * - `operator`: a live operator session (docs/operators.md) whose role has the route's `permission`;
 * - `metrics`: a scraper presenting the metrics token (METRICS_TOKEN) as a bearer token; 404 for
 *   everyone while metrics are off, 401 for a missing or wrong token.
 * Every `/api/` route is `user` unless it says otherwise, so a route added without thinking about
 * access is protected, never open. Every `/api/ops/` route is `operator` unless it is `public`
 * (signing in, setting up): a user session is never accepted there, whatever a route declares.
 */
export type Access = 'public' | 'user' | 'settled' | 'operator' | 'metrics';

export interface SessionContext {
  userId: number;
  sessionId: number;
  /** When this device was linked from another one, else null. */
  linkedAt: Date | null;
}

/** The operator behind an operator route's request. */
export interface OperatorContext {
  operatorId: number;
  sessionId: number;
  /** When the session began: it ends OPS_SESSION_MS later at the latest. */
  signedInAt: Date;
  name: string;
  role: OperatorRole;
}

/** What the gate needs from the operators' feature: a live session's operator, or why not. */
export interface OperatorAuthenticator {
  authenticate(token: string): Promise<Result<OperatorContext, OpsErrorCode>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
    operator: OperatorContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (see Access); `/api/` routes default to `user`, `/api/ops/` to `operator`. */
    access?: Access;
    /** What an operator route requires of the operator's role; default `read`. */
    permission?: OpsPermission;
    /** The command line's route: it also takes the command line's key, from this machine only. */
    cliKey?: boolean;
  }
}

/** One row of the route table: what the authorization tests walk through. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** For operator routes, what the role must allow; null otherwise. */
  permission: OpsPermission | null;
  /** Whether the route checks its body against a schema (every POST must). */
  hasBodySchema: boolean;
}

/** Reads the token a request carries in a header, if it has a plausible length. */
function headerToken(request: FastifyRequest, header: string): string | null {
  const value = request.headers[header];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : null;
}

/** Reads the user session token a request carries (the `ba-user-token` header). */
export function tokenOf(request: FastifyRequest): string | null {
  return headerToken(request, TOKEN_HEADER);
}

/** Reads the operator session token a request carries (the `ops-token` header). */
export function opsTokenOf(request: FastifyRequest): string | null {
  return headerToken(request, OPS_TOKEN_HEADER);
}

const isApi = (url: string | undefined) => url !== undefined && (url === '/api' || url.startsWith('/api/'));
const isOpsApi = (url: string | undefined) => url !== undefined && url.startsWith(OPS_API_PREFIX);

/** The access a route declared, or its default. */
export function accessOf(url: string | undefined, declared: Access | undefined): Access {
  if (isOpsApi(url)) return declared === 'public' ? 'public' : 'operator';
  return declared ?? (isApi(url) ? 'user' : 'public');
}

/**
 * The one gate every request passes before its body is even read. No token gets "Please log in first"
 * (business code 303); an unknown, expired or revoked token, or one of a banned, locked or deleted
 * account, gets "Login expired, please log in again" (HTTP 401 both). Operator routes take only an
 * operator token, and refuse a role without the route's permission (403). Returns the route table,
 * filled as routes are added, so tests can prove every route is guarded as it says.
 */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a request carries the metrics token, compared in constant time. */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/** Whether a request comes from this machine. */
const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';

/** The command line, as the operator of a request that carried its key (operator id 0: no row). */
export const CLI_OPERATOR: OperatorContext = {
  operatorId: 0,
  sessionId: 0,
  signedInAt: new Date(0),
  name: 'cli',
  role: 'admin',
};

export function registerAccessGate(
  app: FastifyInstance,
  auth: AuthService,
  operators: OperatorAuthenticator,
  clock: Clock,
  metricsToken: string | null,
  cliKey: string | null = null,
): RouteAccess[] {
  const table: RouteAccess[] = [];
  app.decorateRequest('session', null);
  app.decorateRequest('operator', null);
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    // One rule, two directions: operator routes live under /api/ops/, and nothing else does.
    if (isOpsApi(route.url) && (declared === 'user' || declared === 'settled')) {
      throw new Error(`${route.url} is an operator path: it cannot be open to users`);
    }
    if (!isOpsApi(route.url) && declared === 'operator') {
      throw new Error(`${route.url}: operator routes live under ${OPS_API_PREFIX}`);
    }
    const access = accessOf(route.url, declared);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      table.push({
        method,
        url: route.url,
        access,
        permission: access === 'operator' ? (route.config?.permission ?? 'read') : null,
        hasBodySchema: Boolean(route.schema?.body),
      });
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const { url, config } = request.routeOptions;
    const access = accessOf(url, config.access);
    if (access === 'public') return;
    if (access === 'metrics') {
      if (metricsToken === null) return sendFailure(reply, 'request.not_found');
      if (!carriesToken(request, metricsToken))
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('token required');
      return;
    }
    if (access === 'operator') {
      if (config.cliKey && cliKey !== null && isLoopback(request.ip)) {
        const sent = headerToken(request, OPS_CLI_KEY_HEADER);
        if (sent !== null && timingSafeEqual(digest(sent), digest(cliKey))) {
          request.operator = CLI_OPERATOR;
          return;
        }
      }
      const token = opsTokenOf(request);
      if (!token) return sendFailure(reply, 'ops.login_required');
      const result = await operators.authenticate(token);
      if (!result.ok) return sendFailure(reply, result.error);
      if (!can(result.value.role, config.permission ?? 'read')) return sendFailure(reply, 'ops.forbidden');
      request.operator = result.value;
      return;
    }
    const token = tokenOf(request);
    if (!token) return sendFailure(reply, 'auth.login_required');
    const result = await auth.authenticate(token);
    if (!result.ok) return sendFailure(reply, result.error);
    request.session = result.value;
    if (access === 'settled' && inLinkCooldown(result.value.linkedAt, clock.now()))
      return sendFailure(reply, 'device.link_cooldown');
  });
  return table;
}

/** The session of a request to a route that is not public. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new Error('a public route asked for the session');
  return request.session;
}

/** The operator of a request to an operator route. */
export function operatorOf(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new Error('a route that is not for operators asked for the operator');
  return request.operator;
}
