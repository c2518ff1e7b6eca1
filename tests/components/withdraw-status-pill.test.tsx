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
