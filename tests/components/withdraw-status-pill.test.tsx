import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { WithdrawStatusPill } from '#app/features/withdraw/components/withdraw-status-pill.tsx';
import { RESULT } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import { renderInRouter, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// The pill reads the withdrawal status when it appears and again when the balance reaches the
// minimum: once each, also when the device kept an earlier answer (a read under way is not cancelled
// and sent again).

rendersEveryScreenIn('en');

const NO_WITHDRAWAL = { status: 0, create_time: null, end_time: null, reduced_hours: 0, amount: null };
const fetchMock = vi.fn(
  async () =>
    new Response(JSON.stringify({ code: RESULT.ok, msg: '', data: NO_WITHDRAWAL }), {
      headers: { 'content-type': 'application/json' },
    }),
);

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

const statusReads = () =>
  fetchMock.mock.calls.filter((call) => String((call as unknown[])[0]) === API.getWithdrawStatus).length;

function Harness() {
  const [reached, setReached] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setReached(true)}>
        reach
      </button>
      <WithdrawStatusPill balanceReached={reached} />
    </>
  );
}

it('reads the status once when it appears, and once more when the balance reaches the minimum', async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['withdraw', 'status'], NO_WITHDRAWAL);
  await renderInRouter(<Harness />, queryClient);
  await waitFor(() => expect(queryClient.getQueryState(['withdraw', 'status'])?.fetchStatus).toBe('idle'));
  expect(statusReads()).toBe(1);

  fireEvent.click(screen.getByRole('button', { name: 'reach' }));
  await waitFor(() => expect(statusReads()).toBe(2));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(statusReads()).toBe(2);
});

it('names the time left in words in its last hour and once the wait is over, never a blank figure', async () => {
  const now = Date.UTC(2026, 10, 24, 12);
  vi.useFakeTimers({ now, toFake: ['Date'] });
  try {
    for (const [end, words] of [
      [now / 1000 + 3 * 86_400 + 2 * 3600 + 60, 'Withdrawal in progress: 3 days, 2 hr left'],
      [now / 1000 + 20 * 60, 'Withdrawal in progress: less than an hour left'],
      [now / 1000 - 3600, 'Withdrawal in progress: waiting period over'],
    ] as const) {
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: Infinity } },
      });
      const open = {
        status: 1,
        create_time: now / 1000 - 86_400,
        end_time: end,
        reduced_hours: 0,
        amount: '150',
      };
      queryClient.setQueryData(['withdraw', 'status'], open);
      fetchMock.mockImplementation(
        async () =>
          new Response(JSON.stringify({ code: RESULT.ok, msg: '', data: open }), {
            headers: { 'content-type': 'application/json' },
          }),
      );
      const { unmount } = await renderInRouter(<WithdrawStatusPill balanceReached={false} />, queryClient);
      expect((await screen.findByTestId('withdraw-pill')).textContent).toBe(words);
      unmount();
    }
  } finally {
    vi.useRealTimers();
    fetchMock.mockReset();
  }
});
