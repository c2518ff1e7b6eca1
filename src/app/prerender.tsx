// The pages rendered in Node, with the app's own routes and components. Vite builds this module for
// Node (to dist/ssr/, docs/decisions/011-prerendered-first-paint.md):
// - the build (scripts/prerender-pages.ts) renders each prerendered page in each language with
//   renderPage; there is no server then, so every query stays pending and each page paints its
//   loading state, as the app does before data arrives;
// - the server renders Home with the account's data with renderHome
//   (docs/decisions/012-home-rendered-with-the-accounts-data.md), and Landing with the rules in
//   force with renderLanding (docs/decisions/013-landing-rendered-with-the-rules-in-force.md).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { Locale } from '#domain/i18n/locales.ts';
import { API } from '#contract/paths.ts';
import { PRERENDERED_PAGES, type PrerenderedPage } from '#contract/prerendered-pages.ts';
import { PublicSettingsResponseSchema } from '#contract/settings.ts';
import { i18n, loadEveryScreen, loadLocale } from './i18n/i18n.ts';
import { userInfoQueryOptions } from './features/account/api/account-queries.ts';
import { kycStatusQueryOptions } from './features/kyc/api/kyc-queries.ts';
import { dailyRewardQueryOptions } from './features/rewards/api/rewards-queries.ts';
import { publicSettingsQueryOptions } from './features/settings/api/settings-queries.ts';
import { taskHistoryQueryOptions, taskListQueryOptions } from './features/tasks/api/tasks-queries.ts';
import { withdrawStatusQueryOptions } from './features/withdraw/api/withdraw-queries.ts';
import { EARLY_REQUESTS, type EarlyRequests } from './lib/early-requests.ts';
import { createQueryClient } from './lib/query-client.ts';
import { documentTexts } from './lib/document-texts.ts';
import { showTimesIn } from './lib/format.ts';
import { documentTitle } from './lib/route-meta.ts';
import { serverDataBlock } from './lib/server-render.ts';
import { deviceAccountKeyOf, session, type Session } from './lib/session.ts';
import { createAppRouter } from './router.tsx';

export { appLoader, bootScript } from './boot-script.ts';

/** The document's description and its no-JavaScript line, in one language. */
export async function pageTexts(locale: Locale): Promise<{ description: string; noscript: string }> {
  await loadLocale(locale);
  return documentTexts(i18n);
}

/** One page in one language: the markup for #root and the document's title. */
export async function renderPage(
  page: PrerenderedPage,
  locale: Locale,
): Promise<{ html: string; title: string }> {
  await loadLocale(locale);
  const queryClient = createQueryClient();
  // Nothing to ask: a loader's prefetch leaves its query pending, as it is in the browser until the answer.
  queryClient.prefetchQuery = () => Promise.resolve();
  // Home is the signed-in shell: its guard sees a session (no request is made with it).
  return render(page, queryClient, { ...session, token: () => (page === 'home' ? 'prerender' : null) });
}

async function render(
  page: PrerenderedPage,
  queryClient: QueryClient,
  routeSession: Session,
  signal?: AbortSignal,
): Promise<{ html: string; title: string }> {
  const context = { queryClient, session: routeSession };
  const router = createAppRouter(context, {
    history: createMemoryHistory({ initialEntries: [PRERENDERED_PAGES[page]] }),
  });
  await router.load();
  const markup = async () => {
    const { prelude } = await prerender(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} context={context} />
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
      // React outlines a boundary whose content is larger than this (12,800 bytes by default) and
      // reveals it with an inline script, which the Content Security Policy refuses: Home with the
      // day's ten tasks is larger. Nothing here streams, so every boundary is written in place.
      { progressiveChunkSize: Number.POSITIVE_INFINITY, ...(signal ? { signal } : {}) },
    );
    return new Response(prelude).text();
  };
  // A lazy component met for the first time in this process suspends the render, and React then
  // reveals its content with inline scripts, which the Content Security Policy refuses. Loaded
  // once, it renders in place: a second render has no script.
  let html = await markup();
  if (html.includes('<script')) html = await markup();
  // Aborted, React ends the render early without an error: what it wrote is not the page.
  if (signal?.aborted) throw signal.reason as Error;
  if (html.includes('<script')) throw new Error(`the ${page} page renders with an inline script`);
  const title = documentTitle(
    router.state.matches.map((m) => m.staticData.title),
    i18n,
  );
  return { html, title };
}

/** The reads Home's first screen renders from; the server answers each with the account's data. */
function readHome(queryClient: QueryClient, locale: Locale) {
  return [
    queryClient.fetchQuery(userInfoQueryOptions()),
    queryClient.fetchQuery(publicSettingsQueryOptions()),
    queryClient.fetchQuery(dailyRewardQueryOptions()),
    queryClient.fetchQuery(taskHistoryQueryOptions()),
    queryClient.fetchQuery(kycStatusQueryOptions()),
    queryClient.fetchQuery(withdrawStatusQueryOptions()),
    queryClient.fetchQuery(taskListQueryOptions(locale)),
  ];
}

/** What the server gives a render: the page's language, and its answer to each read (path and query). */
export interface RenderRequest {
  locale: Locale;
  read: (pathAndQuery: string) => Promise<Response>;
  /** Aborted once the server has stopped waiting: a render whose turn comes after is skipped. */
  signal: AbortSignal;
}

/** What the server gives renderHome: the session too, and the device's time zone if it is known. */
export interface HomeRequest extends RenderRequest {
  token: string;
  timeZone?: string | undefined;
}

// The app's modules keep one device's state in module scope (the active language, the session the
// requests carry, the loader's answers): one render at a time, each with its own request's state.
let turn: Promise<unknown> = Promise.resolve();

function inTurn<T>(render: () => Promise<T>): Promise<T> {
  const done = turn.then(render);
  turn = done.catch(() => undefined);
  return done;
}

/** The answers a render used, for the data block the app's first render starts from. */
function answersOf(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data !== undefined)
    .map(({ queryKey, state }) => ({ queryKey, data: state.data }));
}

/**
 * Home in `locale` with the account's data: the markup for #root, whose it is and the data block the
 * app's first render starts from; null when a read did not succeed (an ended session, a server
 * error), and the server then sends the prerendered shell, as it would without a session.
 */
export function renderHome(
  request: HomeRequest,
): Promise<{ html: string; data: string; account: string } | null> {
  return inTurn(() => renderHomeNow(request));
}

/**
 * Landing in `locale` with the rules in force: the markup for #root and the data block; null when
 * the settings could not be read, and the server then sends the prerendered page, whose rules paint
 * once the app has read them.
 */
export function renderLanding(request: RenderRequest): Promise<{ html: string; data: string } | null> {
  return inTurn(() => renderLandingNow(request));
}

async function renderLandingNow({ locale, read, signal }: RenderRequest) {
  if (signal.aborted) return null;
  const answer = await read(API.customSettings);
  const settings = z.safeParse(PublicSettingsResponseSchema, await answer.json().catch(() => null));
  if (!answer.ok || !settings.success) return null;
  await loadLocale(locale);
  const queryClient = createQueryClient();
  queryClient.setQueryData(publicSettingsQueryOptions().queryKey, settings.data.data);
  // Nothing else is asked: the sections with reads of their own (the price, the payout times, the
  // reviews) paint their loading state, as in the prerendered page, and the app reads them.
  queryClient.prefetchQuery = () => Promise.resolve();
  const { html } = await render('landing', queryClient, { ...session, token: () => null }, signal);
  return { html, data: serverDataBlock({ account: null, entries: answersOf(queryClient) }) };
}

async function renderHomeNow({ locale, token, timeZone, read, signal }: HomeRequest) {
  if (signal.aborted) return null;
  await loadLocale(locale);
  // Home's texts are in the later screens' catalogs too.
  await loadEveryScreen();
  const queryClient = createQueryClient();
  // The app's reads take their answers from the loader's (lib/early-requests.ts): here, the server's.
  // Each read the app sends is answered on demand (the loader's are sent ahead instead).
  const answers = new Proxy({} as EarlyRequests['answers'], {
    get: (asked, path) => (typeof path === 'string' ? (asked[path] ??= read(path)) : undefined),
  });
  const slot = globalThis as unknown as Record<string, EarlyRequests | undefined>;
  slot[EARLY_REQUESTS] = { token, at: Date.now(), answers };
  try {
    session.signInWithToken(token);
    showTimesIn(timeZone);
    const results = await Promise.allSettled(readHome(queryClient, locale));
    if (results.some((result) => result.status === 'rejected')) return null;
    const user = queryClient.getQueryData(userInfoQueryOptions().queryKey);
    if (!user) return null;
    const account = deviceAccountKeyOf(user);
    const routeSession: Session = { ...session, token: () => token, account: () => account };
    const { html } = await render('home', queryClient, routeSession, signal);
    return { html, data: serverDataBlock({ account, entries: answersOf(queryClient) }), account };
  } finally {
    delete slot[EARLY_REQUESTS];
    session.clear();
    showTimesIn(undefined);
  }
}
