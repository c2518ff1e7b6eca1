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
import { LOCALE_COOKIE, PRERENDERED_PAGES, type PrerenderedPage } from '#contract/prerendered-pages.ts';
import { i18n, loadLocale, LOCALE_STORAGE_KEY } from './i18n/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { documentTitle } from './lib/route-meta.ts';
import { session, TOKEN_KEY } from './lib/session.ts';
import { createAppRouter } from './router.tsx';

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

/**
 * The inline script at the top of every prerendered page, run before the first paint. The server
 * picks the page by the address and the language by the locale cookie or Accept-Language; only the
 * device knows who is signed in and which language its user chose. So: a signed-in user on the
 * entry page sees the signed-in shell (`data-boot="shell"`, styles/boot.css), never the entry page;
 * a page in another language than the chosen one, or Home without a session, is hidden
 * (`data-boot="hold"`) until the app renders the right one (src/app/main.tsx). It also keeps the
 * locale cookie equal to the choice, so the next page comes in the right language.
 */
export function bootScript(): string {
  function boot(tokenKey: string, localeKey: string, cookie: string) {
    const html = document.documentElement;
    let token: string | null = null;
    let chosen: string | null = null;
    try {
      token = localStorage.getItem(tokenKey);
      chosen = localStorage.getItem(localeKey);
    } catch {
      // No storage: nobody is signed in and nothing was chosen on this device.
    }
    if (chosen)
      document.cookie = `${cookie}=${encodeURIComponent(chosen)};path=/;max-age=31536000;samesite=lax`;
    const page = html.dataset['page'];
    if ((chosen && chosen !== html.lang) || (page === 'home' && !token)) html.dataset['boot'] = 'hold';
    else if (page === 'entry' && token) html.dataset['boot'] = 'shell';
  }
  return `(${boot.toString()})(${[TOKEN_KEY, LOCALE_STORAGE_KEY, LOCALE_COOKIE].map((v) => JSON.stringify(v)).join(',')})`;
}
