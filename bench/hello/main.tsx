// The benchmark's baseline (bench/run.ts): an almost empty page built from Earnest's own client stack
// (React 19, TanStack Router and Query, Lingui, ky), rendered on the client like any single-page app.
import { i18n } from '@lingui/core';
import { I18nProvider, Trans } from '@lingui/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import ky from 'ky';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

i18n.load('en', { hello: 'Hello', time: 'Server time: {time}' });
i18n.activate('en');

function Hello() {
  const time = useQuery({
    queryKey: ['time'],
    queryFn: () => ky.get('/api/time').json<{ time: string }>(),
  });
  return (
    <main>
      <h1>
        <Trans id="hello" />
      </h1>
      <p>{time.data ? <Trans id="time" values={{ time: time.data.time }} /> : '…'}</p>
    </main>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const router = createRouter({
  routeTree: rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: Hello }),
  ]),
});
const queryClient = new QueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
