import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. They are the same for every answer (no
 * nonce, no directive computed per request), and helmet's middleware builds and parses its whole
 * policy each time it is made: made per request (as @fastify/helmet does), that was about 4 % of
 * the server's CPU under load (docs/performance.md).
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    // Only X-Powered-By, which the server never sets.
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

/** What the Content Security Policy allows besides our own origin. */
export interface SecurityPolicy {
  production: boolean;
  mediaOrigins?: string[];
  challengeOrigins?: string[];
  scriptHashes?: string[];
  styleHashes?: string[];
}

/**
 * Security headers with a strict Content Security Policy: only our own origin, no inline script but
 * the ones allowed by hash (the prerendered pages' boot script and app loader), no inline style sheet
 * but the prerendered pages' own (by hash), no framing.
 */
export function securityHeadersOf({
  production,
  mediaOrigins = [],
  challengeOrigins = [],
  scriptHashes = [],
  styleHashes = [],
}: SecurityPolicy): Record<string, string> {
  return headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...challengeOrigins, ...scriptHashes],
        frameSrc: challengeOrigins.length ? challengeOrigins : ["'none'"],
        styleSrc: ["'self'", ...styleHashes],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // The operator's ad video (AD_VIDEO_URL) is the only media from elsewhere.
        mediaSrc: ["'self'", ...mediaOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind TLS: on plain http://127.0.0.1 it would break every request.
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    strictTransportSecurity: production,
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * Sends `headers` on every answer that goes through the hooks, errors and not-found included. The
 * answers Fastify gives before routing (a path it cannot decode) skip the hooks: app.ts sets the
 * same headers there. No cache keeps an API answer: most carry an account's data, and the session
 * travels in a header that a cache keyed on the URL (a CDN rule, a proxy) does not see.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
