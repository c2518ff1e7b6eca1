import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_HEADER } from '#contract/paths.ts';
import type { AuthService } from '#server/features/auth/auth.service.ts';
import { sendFailure } from '#server/lib/reply.ts';
import { inLinkCooldown } from '#domain/devices/pairing.ts';
import type { Clock } from '#server/clock.ts';

export interface SessionContext {
  userId: number;
  sessionId: number;
  /** When this device was linked from another one (H5), else null. */
  linkedAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

/** Reads the token a request carries (seed §6: the `ba-user-token` header). */
export function tokenOf(request: FastifyRequest): string | null {
  const value = request.headers[TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : null;
}

/**
 * Adds `requireSession`, a preHandler for routes that need a signed-in user. No token gets
 * "Please log in first" (business code 303); an unknown, expired or revoked one gets
 * "Login expired, please log in again". Both travel with HTTP 401.
 */
export function registerSession(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('session', null);
  return async function requireSession(request: FastifyRequest, reply: FastifyReply) {
    const token = tokenOf(request);
    if (!token) return sendFailure(reply, 'auth.login_required');
    const result = await auth.authenticate(token);
    if (!result.ok) return sendFailure(reply, result.error);
    request.session = result.value;
  };
}

/** The session of a request that passed `requireSession`. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new Error('route is missing the requireSession preHandler');
  return request.session;
}

/**
 * A preHandler for what a newly linked device may not do for 24 hours (H5): withdraw, or change the
 * address, the phone or the password. Put after requireSession.
 */
export function refuseDuringLinkCooldown(clock: Clock) {
  return async function linkCooldown(request: FastifyRequest, reply: FastifyReply) {
    if (inLinkCooldown(sessionOf(request).linkedAt, clock.now()))
      return sendFailure(reply, 'device.link_cooldown');
  };
}
