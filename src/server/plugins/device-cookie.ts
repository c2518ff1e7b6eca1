import { randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KnownDevice } from '#server/features/auth/auth.service.ts';

/**
 * The signed device cookie of OWASP's "device cookies" scheme: set when a browser signs in to an
 * account, it makes that browser a known device whose password tries are counted apart, so strangers
 * guessing the name cannot lock the owner out. HttpOnly: a script that steals a session token from
 * the page cannot take it. Only sign-in and the routes that check the current password read it.
 */
export const DEVICE_COOKIE = 'earnest_device';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The known device a request comes from, when its cookie carries a valid signature. */
export function knownDeviceOf(request: FastifyRequest): KnownDevice | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{16,64})$/.exec(unsigned.value);
  if (!match?.[1] || !match[2]) return null;
  return { userId: Number(match[1]), nonce: match[2] };
}

/** Makes this browser a known device of the account (keeping its nonce when it already is one). */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  options: { secure: boolean },
): void {
  if (knownDeviceOf(request)?.userId === userId) return;
  reply.setCookie(DEVICE_COOKIE, `${userId}.${randomBytes(18).toString('base64url')}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
    path: '/api/',
    maxAge: YEAR_SECONDS,
  });
}
