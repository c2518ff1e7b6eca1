import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers with a strict Content Security Policy: only our own origin, no inline script but
 * the ones allowed by hash (the prerendered pages' boot script and app loader), no inline style sheet
 * but the prerendered pages' own (by hash), no framing.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  {
    production,
    mediaOrigins = [],
    challengeOrigins = [],
    scriptHashes = [],
    styleHashes = [],
  }: {
    production: boolean;
    mediaOrigins?: string[];
    challengeOrigins?: string[];
    scriptHashes?: string[];
    styleHashes?: string[];
  },
) {
  await app.register(helmet, {
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
