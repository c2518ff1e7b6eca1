import { screen } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MainLandmark } from '#app/components/main-landmark.tsx';
import { RouteError, RouteNotFound } from '#app/components/route-fallbacks.tsx';
import { renderInApp, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// What shows in place of a broken screen or an unknown address: one <main> on the page, whether the
// fallback replaces a whole page or a tab's screen inside its layout's main.

rendersEveryScreenIn('en');
afterEach(() => vi.restoreAllMocks());

/** The app's shape: a layout whose main holds its screens, one of which breaks, and a page of its own. */
async function showAt(path: string) {
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({
    getParentRoute: () => root,
    path: '/home',
    component: () => (
      <MainLandmark className="tab-content">
        <Outlet />
      </MainLandmark>
    ),
  });
  const broken = createRoute({
    getParentRoute: () => layout,
    path: '/broken',
    component: () => {
      throw new Error('a screen that broke');
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([layout.addChildren([broken])]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: RouteNotFound,
  });
  await router.load();
  renderInApp(<RouterProvider router={router} />);
}

describe('a fallback in place of a screen', () => {
  it("inside a layout, sits in the layout's main rather than adding a second one", async () => {
    // The error is reported by the router, React and the app's log: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await showAt('/home/broken');
    await screen.findByRole('heading', { name: 'Something went wrong on this screen' });
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelectorAll('#main')).toHaveLength(1);
    expect(screen.getByRole('main').classList.contains('tab-content')).toBe(true);
  });

  it('in place of a whole page, is the main itself', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await showAt('/nowhere');
    await screen.findByRole('heading', { name: 'This page does not exist' });
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(screen.getByRole('main').id).toBe('main');
  });
});
