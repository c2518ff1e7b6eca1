import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendFailure } from '#server/lib/reply.ts';

/**
 * Serves the built PWA from `distDir` and answers every other GET with index.html, so deep links
 * work. Hashed assets are cached for a year; index.html and the service worker never are, so an
 * update is seen at once. In production, source maps are not served.
 */
export async function registerStaticApp(
  app: FastifyInstance,
  distDir: string,
  { production }: { production: boolean },
) {
  const root = resolve(distDir);
  const built = existsSync(resolve(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // Source maps help while developing; in production they would publish the source. (Not found.)
      allowedPath: (pathName) => !(production && pathName.endsWith('.map')),
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ distDir: root }, 'no built app found: serving the API only (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      built &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      // A missing file (e.g. an old hashed asset) is a 404, not the app's page.
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return sendFailure(reply, 'request.not_found');
  });
}
