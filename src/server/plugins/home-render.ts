import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '#domain/i18n/locales.ts';
import {
  PAGE_RENDERER_FILE,
  prerenderedFile,
  SERVER_RENDER_MARKS,
  SESSION_COOKIE,
} from '#contract/prerendered-pages.ts';
import { REQUEST_ID_HEADER, TOKEN_HEADER } from '#contract/paths.ts';

/** What the build's page renderer (src/app/prerender.tsx, built to dist/ssr/) offers the server. */
interface PageRenderer {
  renderHome(request: {
    locale: Locale;
    token: string;
    read: (pathAndQuery: string) => Promise<Response>;
    /** Aborted once the server has stopped waiting: a render not begun yet is skipped. */
    signal: AbortSignal;
  }): Promise<{ html: string; data: string; account: string } | null>;
}

// A render waits for the one before it (the renderer's modules hold one request's state at a time).
// Past this many renders under way, or this long, the prerendered shell goes instead, as it would
// without a session, and the app renders Home from its own reads. A render counts as under way
// until it has settled, even after its request stopped waiting for it, so a slow database cannot
// pile up renders nobody waits for.
const MAX_IN_FLIGHT = 8;
const TIMEOUT_MS = 2_000;
// Longer than any token the server issues: a cookie that cannot be one is not tried.
const MAX_TOKEN_LENGTH = 256;

/** `work`, or a rejection as soon as `signal` aborts, whichever comes first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Home rendered with the account's data for a navigation that carries the session cookie
 * (docs/decisions/012-home-rendered-with-the-accounts-data.md): its figures paint with the page's
 * own bytes, before any of the app's code. The data comes from the API's own routes, asked in
 * process with the cookie's token as a request of the app would carry it, so a page shows exactly
 * what the API would answer and every check of a signed-in request (an ended, revoked or banned
 * session) applies unchanged. Null whenever it cannot be done: no built renderer, no valid session,
 * a read that failed, too busy or too slow.
 */
export function createHomeRenderer(app: FastifyInstance, distDir: string) {
  const rendererFile = resolve(distDir, PAGE_RENDERER_FILE);
  let renderer: Promise<PageRenderer | null> | undefined;
  const templates = new Map<Locale, Promise<string | null>>();
  let inFlight = 0;

  function loadRenderer(): Promise<PageRenderer | null> {
    renderer ??= existsSync(rendererFile)
      ? (import(pathToFileURL(rendererFile).href) as Promise<PageRenderer>).catch((error: unknown) => {
          app.log.error({ err: error }, 'the page renderer did not load: Home is sent prerendered');
          return null;
        })
      : Promise.resolve(null);
    return renderer;
  }

  /** Home's prerendered file in `locale`, which the rendered markup goes into (built once, read once). */
  function templateOf(locale: Locale): Promise<string | null> {
    let template = templates.get(locale);
    if (!template) {
      template = readFile(resolve(distDir, prerenderedFile('home', locale)), 'utf8').catch(() => null);
      templates.set(locale, template);
    }
    return template;
  }

  function read(token: string, request: FastifyRequest, signal: AbortSignal) {
    return async (pathAndQuery: string): Promise<Response> => {
      // An answer that never comes (a database out of connections) must not hold the renders after it.
      const answer = await untilAborted(
        app.inject({
          method: 'GET',
          url: pathAndQuery,
          headers: { [TOKEN_HEADER]: token, [REQUEST_ID_HEADER]: `${request.id}-render` },
        }),
        signal,
      );
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
  }

  return async function renderHome(request: FastifyRequest, locale: Locale): Promise<string | null> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > MAX_TOKEN_LENGTH || inFlight >= MAX_IN_FLIGHT) return null;
    inFlight++;
    let rendering: Promise<unknown> = Promise.resolve();
    try {
      const [module, template] = await Promise.all([loadRenderer(), templateOf(locale)]);
      if (!module || !template) return null;
      const signal = AbortSignal.timeout(TIMEOUT_MS);
      const render = module.renderHome({ locale, token, read: read(token, request, signal), signal });
      rendering = render;
      const rendered = await untilAborted(render, signal).catch((error: unknown) => {
        if (!signal.aborted) throw error;
        request.log.warn({ timeoutMs: TIMEOUT_MS }, 'Home took too long to render: sent prerendered');
        return null;
      });
      return rendered ? fill(template, rendered) : null;
    } catch (error) {
      request.log.error({ err: error }, 'Home did not render: sent prerendered');
      return null;
    } finally {
      void rendering.then(
        () => inFlight--,
        () => inFlight--,
      );
    }
  };
}

/**
 * The prerendered file with Home's markup between the marks, whose account it shows on `<html>`
 * (the boot script hides it on a device signed in as someone else) and the answers after #root.
 */
function fill(template: string, { html, data, account }: { html: string; data: string; account: string }) {
  const start = template.indexOf(SERVER_RENDER_MARKS.start);
  const end = template.indexOf(`${SERVER_RENDER_MARKS.end}</div>`);
  if (start === -1 || end === -1) return null;
  const after = end + SERVER_RENDER_MARKS.end.length + '</div>'.length;
  const head = template
    .slice(0, start)
    .replace('data-page="home"', () => `data-page="home" data-account="${escapeAttribute(account)}"`);
  return `${head}${SERVER_RENDER_MARKS.start}${html}${template.slice(end, after)}${data}${template.slice(after)}`;
}

function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
