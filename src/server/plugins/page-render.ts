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
  TIME_ZONE_COOKIE,
  TIME_ZONE_MAX_LENGTH,
  type ServerRenderedPage,
} from '#contract/prerendered-pages.ts';
import { API, REQUEST_ID_HEADER, TOKEN_HEADER } from '#contract/paths.ts';

/** What every render is given: the page's language, the server's answer to each read, and when to stop. */
interface RenderRequest {
  locale: Locale;
  read: (pathAndQuery: string) => Promise<Response>;
  /** Aborted once the server has stopped waiting: a render not begun yet is skipped. */
  signal: AbortSignal;
}

interface Rendered {
  html: string;
  data: string;
  /** Whose data the page shows; none for a public page. */
  account?: string;
}

/** What the build's page renderer (src/app/prerender.tsx, built to dist/ssr/) offers the server. */
interface PageRenderer {
  renderHome(request: RenderRequest & { token: string; timeZone?: string }): Promise<Rendered | null>;
  renderLanding(request: RenderRequest): Promise<Rendered | null>;
}

// A render waits for the one before it (the renderer's modules hold one request's state at a time).
// Past this many renders under way, or this long, the prerendered page goes instead, as it would
// without a session, and the app renders the page from its own reads. A render counts as under way
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
 * Pages rendered by the server with their data, so that what they show paints with the page's own
 * bytes, before any of the app's code:
 * - Home, for a navigation that carries the session cookie, with the account's data
 *   (docs/decisions/012-home-rendered-with-the-accounts-data.md);
 * - Landing with the rules in force (docs/decisions/013-landing-rendered-with-the-rules-in-force.md).
 * The data comes from the API's own routes, asked in process as a request of the app would ask
 * (with the cookie's token for Home), so a page shows exactly what the API would answer and every
 * check of a signed-in request (an ended, revoked or banned session) applies unchanged. Null
 * whenever it cannot be done: no built renderer, no valid session, a read that failed, too busy or
 * too slow; the server then sends the prerendered page.
 */
export function createPageRenderer(app: FastifyInstance, distDir: string) {
  const rendererFile = resolve(distDir, PAGE_RENDERER_FILE);
  let renderer: Promise<PageRenderer | null> | undefined;
  const templates = new Map<string, Promise<string | null>>();
  // Landing depends only on its language and the settings' answer: an unchanged answer is the same page.
  const landings = new Map<Locale, { settings: string; rendered: Rendered }>();
  let inFlight = 0;

  function loadRenderer(): Promise<PageRenderer | null> {
    renderer ??= existsSync(rendererFile)
      ? (import(pathToFileURL(rendererFile).href) as Promise<PageRenderer>).catch((error: unknown) => {
          app.log.error({ err: error }, 'the page renderer did not load: pages are sent prerendered');
          return null;
        })
      : Promise.resolve(null);
    return renderer;
  }

  /** A page's prerendered file in `locale`, which the rendered markup goes into (read once). */
  function templateOf(page: ServerRenderedPage, locale: Locale): Promise<string | null> {
    const file = prerenderedFile(page, locale);
    let template = templates.get(file);
    if (!template) {
      template = readFile(resolve(distDir, file), 'utf8').catch(() => null);
      templates.set(file, template);
    }
    return template;
  }

  function reader(request: FastifyRequest, token: string | null, signal: AbortSignal) {
    return async (pathAndQuery: string): Promise<Response> => {
      // An answer that never comes (a database out of connections) must not hold the renders after it.
      const answer = await untilAborted(
        app.inject({
          method: 'GET',
          url: pathAndQuery,
          headers: {
            ...(token ? { [TOKEN_HEADER]: token } : {}),
            [REQUEST_ID_HEADER]: `${request.id}-render`,
          },
        }),
        signal,
      );
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
  }

  /** One render within the limits above, put into the page's prerendered file. */
  async function within(
    page: ServerRenderedPage,
    request: FastifyRequest,
    locale: Locale,
    start: (module: PageRenderer, signal: AbortSignal) => Promise<Rendered | null>,
  ): Promise<string | null> {
    if (inFlight >= MAX_IN_FLIGHT) return null;
    inFlight++;
    let rendering: Promise<unknown> = Promise.resolve();
    try {
      const [module, template] = await Promise.all([loadRenderer(), templateOf(page, locale)]);
      if (!module || !template) return null;
      const signal = AbortSignal.timeout(TIMEOUT_MS);
      const render = start(module, signal);
      rendering = render;
      const rendered = await untilAborted(render, signal).catch((error: unknown) => {
        if (!signal.aborted) throw error;
        request.log.warn({ page, timeoutMs: TIMEOUT_MS }, 'a page took too long to render: sent prerendered');
        return null;
      });
      return rendered ? fill(template, rendered) : null;
    } catch (error) {
      request.log.error({ err: error, page }, 'a page did not render: sent prerendered');
      return null;
    } finally {
      void rendering.then(
        () => inFlight--,
        () => inFlight--,
      );
    }
  }

  return {
    home(request: FastifyRequest, locale: Locale): Promise<string | null> {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > MAX_TOKEN_LENGTH) return Promise.resolve(null);
      const timeZone = timeZoneOf(request.cookies[TIME_ZONE_COOKIE]);
      return within('home', request, locale, (module, signal) =>
        module.renderHome({
          locale,
          token,
          ...(timeZone ? { timeZone } : {}),
          read: reader(request, token, signal),
          signal,
        }),
      );
    },

    landing(request: FastifyRequest, locale: Locale): Promise<string | null> {
      return within('landing', request, locale, async (module, signal) => {
        const read = reader(request, null, signal);
        const settings = await read(API.customSettings);
        const body = await settings.text();
        const cached = landings.get(locale);
        if (cached?.settings === body) return cached.rendered;
        const rendered = await module.renderLanding({
          locale,
          // The settings as read above: the page is rendered from the answer it is kept under.
          read: (path) =>
            path === API.customSettings
              ? Promise.resolve(new Response(body, { status: settings.status, headers: settings.headers }))
              : read(path),
          signal,
        });
        // A render the server stopped waiting for may have been cut short: never kept.
        if (rendered && !signal.aborted) landings.set(locale, { settings: body, rendered });
        return rendered;
      });
    },
  };
}

/**
 * The cookie's time zone if it names one this server can show times in; else none (the server's
 * own). Only names: a browser names its zone (`Asia/Tokyo`, `UTC`), never an offset such as `+05:30`.
 */
function timeZoneOf(cookie: string | undefined): string | undefined {
  if (!cookie || cookie.length > TIME_ZONE_MAX_LENGTH || !/^[A-Za-z]/.test(cookie)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: cookie }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The prerendered file with the rendered markup between the marks, the account it shows on `<html>`
 * if it shows one (the boot script hides it on a device signed in as someone else), and the answers
 * after #root.
 */
function fill(template: string, { html, data, account }: Rendered) {
  const start = template.indexOf(SERVER_RENDER_MARKS.start);
  const end = template.indexOf(`${SERVER_RENDER_MARKS.end}</div>`);
  if (start === -1 || end === -1) return null;
  const after = end + SERVER_RENDER_MARKS.end.length + '</div>'.length;
  const head =
    account === undefined
      ? template.slice(0, start)
      : template
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
