import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError, RouteNotFound } from './components/route-fallbacks.tsx';
import { parseSearch, stringifySearch } from './lib/search-params.ts';
import type { Session } from './lib/session.ts';
import { routeTree } from './routeTree.gen.ts';
import './lib/route-meta.ts';

export interface RouterContext {
  queryClient: QueryClient;
  session: Session;
}

/**
 * In the browser by default. The build's prerender (src/app/prerender.tsx) passes a memory history,
 * and no scroll restoration: its script would be inline, which the Content Security Policy refuses.
 */
export function createAppRouter(context: RouterContext, prerender?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    context,
    ...(prerender ? { history: prerender.history } : {}),
    scrollRestoration: !prerender,
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns freshness; the router should not cache twice.
    defaultPreloadStaleTime: 0,
    // A broken screen or an unknown address still speaks the user's language.
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: RouteNotFound,
    parseSearch,
    stringifySearch,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
