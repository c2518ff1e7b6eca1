import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_HEADER } from '#contract/paths.ts';
import { inLinkCooldown } from '#domain/devices/pairing.ts';
import type { Clock } from '#server/clock.ts';
import type { AuthService } from '#server/features/auth/auth.service.ts';
import { sendFailure } from '#server/lib/reply.ts';

/**
 * Who may call a route:
 * - `public`: anyone (sign-in, public figures, the app's files);
 * - `user`: a live session of an account that is not banned, locked or deleted;
 * - `settled`: as `user`, and not a device linked less than 24 hours ago — money, security settings
 *   and the account itself (docs/product-rules.md#device-linking).
 * Every `/api/` route is `user` unless it says otherwise, so a route added without thinking about
 * access is protected, never open.
 */
export type Access = 'public' | 'user' | 'settled';

export interface SessionContext {
  userId: number;
  sessionId: number;
  /** When this device was linked from another one, else null. */
  linkedAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (see Access); `/api/` routes default to `user`. */
    access?: Access;
  }
}

/** One row of the route table: what the authorization tests walk through. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** Whether the route checks its body against a schema (every POST must). */
  hasBodySchema: boolean;
}

/** Reads the token a request carries (the `ba-user-token` header). */
export function tokenOf(request: FastifyRequest): string | null {
  const value = request.headers[TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : null;
}

const isApi = (url: string | undefined) => url !== undefined && (url === '/api' || url.startsWith('/api/'));

/** The access a route declared, or its default. */
export function accessOf(url: string | undefined, declared: Access | undefined): Access {
  return declared ?? (isApi(url) ? 'user' : 'public');
}

/**
 * The one gate every request passes before its body is even read. No token gets "Please log in first"
 * (business code 303); an unknown, expired or revoked token, or one of a banned, locked or deleted
 * account, gets "Login expired, please log in again" (HTTP 401 both). Returns the route table, filled
 * as routes are added, so tests can prove every route is guarded as it says.
 */
export function registerAccessGate(app: FastifyInstance, auth: AuthService, clock: Clock): RouteAccess[] {
  const table: RouteAccess[] = [];
  app.decorateRequest('session', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      table.push({
        method,
        url: route.url,
        access: accessOf(route.url, route.config?.access),
        hasBodySchema: Boolean(route.schema?.body),
      });
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const access = accessOf(request.routeOptions.url, request.routeOptions.config.access);
    if (access === 'public') return;
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
