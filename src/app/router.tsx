import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { RouteError, RouteNotFound } from './components/route-fallbacks.tsx';
import type { Session } from './lib/session.ts';
import { routeTree } from './routeTree.gen.ts';
import './lib/route-meta.ts';

export interface RouterContext {
  queryClient: QueryClient;
  session: Session;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns freshness; the router should not cache twice.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A broken screen or an unknown address still speaks the user's language.
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: RouteNotFound,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
