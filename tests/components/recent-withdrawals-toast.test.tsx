import { act, fireEvent, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recentWithdrawalsQueryOptions } from '#app/features/withdraw/api/withdraw-queries.ts';
import { RecentWithdrawalsToast } from '#app/features/withdraw/components/recent-withdrawals-toast.tsx';
import { renderInApp, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// The recent-withdrawals notice: 2 s after load, 4 s on screen, but never taken away from someone
// reading it (the pointer over it) or about to close it (the focus in it); and never read out on its
// own, every 10–15 s, over what a screen reader is saying.

rendersEveryScreenIn('en');

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

async function showOnHome() {
  const root = createRootRoute();
  const home = createRoute({ getParentRoute: () => root, path: '/home', component: RecentWithdrawalsToast });
  const router = createRouter({
    routeTree: root.addChildren([home]),
    history: createMemoryHistory({ initialEntries: ['/home'] }),
  });
  await router.load();
  const queryClient = new QueryClient();
  queryClient.setQueryData(recentWithdrawalsQueryOptions().queryKey, [
    { username: 'pa***', amount: '101', time: 1_795_500_000 },
  ]);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  renderInApp(<RouterProvider router={router} />, queryClient);
}

async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const notice = () => screen.queryByTestId('recent-withdrawal');

/** A minute passes, and the notice is on screen at every half second of it. */
async function staysForAMinute() {
  for (let i = 0; i < 120; i++) {
    await pass(500);
    expect(notice(), `after ${(i + 1) / 2} s`).not.toBeNull();
  }
}

describe('the recent-withdrawals notice', () => {
  it('shows 2 s after load for 4 s, as visible text that is no live region', async () => {
    await showOnHome();
    await pass(1_900);
    expect(notice()).toBeNull();
    await pass(200);
    expect(notice()?.textContent).toContain('pa*** withdrew');
    expect(notice()?.closest('[role="status"], [role="alert"], [aria-live]')).toBeNull();
    await pass(4_000);
    expect(notice()).toBeNull();
  });

  it('stays while the pointer is over it, and goes 4 s after it left', async () => {
    await showOnHome();
    await pass(2_100);
    fireEvent.pointerEnter(notice()!);
    await staysForAMinute();
    fireEvent.pointerLeave(notice()!);
    await pass(3_900);
    expect(notice()).not.toBeNull();
    await pass(200);
    expect(notice()).toBeNull();
  });

  it('stays while the focus is in it, and goes 4 s after the focus left', async () => {
    await showOnHome();
    await pass(2_100);
    const close = screen.getByRole('button', { name: 'Hide for an hour' });
    act(() => close.focus());
    await staysForAMinute();
    act(() => close.blur());
    await pass(4_100);
    expect(notice()).toBeNull();
  });
});
