import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { sendFailure } from '#server/lib/reply.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser sent this request on another site's behalf. A form posted from another site's
 * page would sign in with an attacker's account and replace the device cookie (`device-cookie.ts`),
 * and the owner's own sign-ins would then count against the account's limit as a stranger's, who
 * could lock them out. Browsers say where a request comes from in Sec-Fetch-Site, older ones in
 * Origin; a request with neither (a script, an app) is not a browser's on another site's behalf.
 */
export function sentFromAnotherSite(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site' || site === 'same-site';
  const origin = headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host !== headers.host;
  } catch {
    // "null" (a sandboxed frame, a data: page) or garbage: not this site.
    return true;
  }
}

/** Refuses a state-changing API request sent from another site (`request.cross_site`). */
export function registerSameOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (sentFromAnotherSite(request.headers)) return sendFailure(reply, 'request.cross_site');
  });
}
