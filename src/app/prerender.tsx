// The build's prerender (docs/decisions/011-prerendered-first-paint.md): vite builds this module for
// Node, and scripts/prerender-pages.ts renders each prerendered page in each language with it. The
// pages are the app's own routes and components; on the build machine there is no server, so every
// query stays pending and each page paints its loading state, as the app does before data arrives.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { Locale } from '#domain/i18n/locales.ts';
import { PRERENDERED_PAGES, type PrerenderedPage } from '#contract/prerendered-pages.ts';
import { i18n, loadLocale } from './i18n/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { documentTitle } from './lib/route-meta.ts';
import { session } from './lib/session.ts';
import { createAppRouter } from './router.tsx';

export { appLoader, bootScript } from './boot-script.ts';

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
  const context = {
    queryClient,
    session: { ...session, token: () => (page === 'home' ? 'prerender' : null) },
  };
  const router = createAppRouter(context, {
    history: createMemoryHistory({ initialEntries: [PRERENDERED_PAGES[page]] }),
  });
  await router.load();
  const { prelude } = await prerender(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} context={context} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  const title = documentTitle(
    router.state.matches.map((m) => m.staticData.title),
    i18n,
  );
  return { html, title };
}
