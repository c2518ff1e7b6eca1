import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import {
  isServerRendered,
  PRERENDER_CSP_FILE,
  prerenderedFile,
  prerenderedPageFor,
} from '#contract/prerendered-pages.ts';
import { sendFailure } from '#server/lib/reply.ts';
import { requestLocale } from '#server/lib/request-locale.ts';
import { createPageRenderer } from './page-render.ts';

/**
 * The sources the prerendered pages need under the Content Security Policy: the hashes of their inline
 * scripts (boot script, app loader) and of their inline style sheet, as the build wrote them; none
 * without a build.
 */
export function prerenderedSources(distDir: string): { scriptSrc: string[]; styleSrc: string[] } {
  const file = resolve(distDir, PRERENDER_CSP_FILE);
  if (!existsSync(file)) return { scriptSrc: [], styleSrc: [] };
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const hashes = (key: string): string[] => {
    const sources =
      typeof parsed === 'object' && parsed !== null && key in parsed
        ? (parsed as Record<string, unknown>)[key]
        : [];
    if (
      !Array.isArray(sources) ||
      !sources.every((s): s is string => typeof s === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(s))
    ) {
      throw new Error(`${file} does not list ${key} hashes`);
    }
    return sources;
  };
  return { scriptSrc: hashes('scriptSrc'), styleSrc: hashes('styleSrc') };
}

/**
 * Serves the built PWA from `distDir` and answers every other GET with a page of the app, so deep
 * links work: the prerendered page in the user's language where there is one, else index.html;
 * Home, for a navigation with the session cookie, and Landing rendered with their data (page-render.ts).
 * Hashed assets are cached for a year; pages and the service worker never are, so an update is seen
 * at once. In production, source maps are not served; the page renderer for Node (ssr/) never is.
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
      // `/` is a page like any other (below), not the folder's index.html. Source maps help while
      // developing; in production they would publish the source. (Both go to the not-found handler.)
      allowedPath: (pathName) =>
        pathName !== '/' && !pathName.startsWith('/ssr/') && !(production && pathName.endsWith('.map')),
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

  const renderer = createPageRenderer(app, root);
  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '', search = ''] = splitUrl(request.url);
    const isPage =
      built &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing file (e.g. an old hashed asset) is a 404, not the app's page.
      !/\.[a-z0-9]+$/i.test(pathname);
    if (!isPage) return sendFailure(reply, 'request.not_found');
    const page = prerenderedPageFor(pathname, search);
    const locale = requestLocale(request);
    // The answer depends on the language the request asks for, and Home on the session too.
    reply.header('vary', 'Cookie, Accept-Language');
    const rendered =
      request.method === 'GET' && page && isServerRendered(page)
        ? await renderer[page](request, locale)
        : null;
    if (rendered !== null) {
      // Data as it was when asked (Home: one account's): kept by no cache, the browser's included, so
      // a page shown again (going back to it) is asked again instead of showing what may have changed.
      return reply
        .header('cache-control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(rendered);
    }
    const file = page ? prerenderedFile(page, locale) : 'index.html';
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(existsSync(resolve(root, file)) ? file : 'index.html', root);
  });
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}
