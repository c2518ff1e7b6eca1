import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { afterEach, beforeEach } from 'vitest';
import type { Locale } from '#domain/i18n/locales.ts';
import { activateLocale, i18n, loadEveryScreen } from '#app/i18n/i18n.ts';

// The providers the screens render inside, for the component tests (tests/components): the active
// Lingui catalog and a query cache, and a router for components that hold links.

/** Renders `ui` with the app's translations and a query cache (a new, empty one unless given). */
export function renderInApp(ui: ReactNode, queryClient = new QueryClient()) {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

/** Like `renderInApp`, as the only route of a router (for components with links), once it has loaded. */
export async function renderInRouter(ui: ReactNode, queryClient = new QueryClient()) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return renderInApp(<RouterProvider router={router} />, queryClient);
}

/** A query cache holding `data` under `key`, as the device kept it: nothing is fetched for that key. */
export function cacheHolding(key: QueryKey, data: unknown): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryDefaults(key, { enabled: false });
  queryClient.setQueryData(key, data);
  return queryClient;
}

/** Shows the screens in `locale` before each test of the file, and unmounts them after each. */
export function rendersEveryScreenIn(locale: Locale) {
  beforeEach(async () => {
    // These screens come after the first one: their texts are in every screen's catalog.
    await loadEveryScreen();
    await activateLocale(locale);
  });
  afterEach(cleanup);
}
