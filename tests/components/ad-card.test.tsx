import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueuedAction, QueuedKind } from '#contract/sync.ts';
import type { AdStatus } from '#contract/withdraw.ts';
import type * as SyncQueue from '#app/pwa/sync-queue.ts';
import { AdCard } from '#app/features/withdraw/components/ad-card.tsx';
import { renderInRouter, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// The daily ad's card: a watched ad kept offline is said to be waiting, as the gift and the interest
// are, and cannot be sent a second time (the server would refuse the second as already done today).

rendersEveryScreenIn('en');

let waiting: QueuedAction[] = [];
vi.mock('#app/pwa/sync-queue.ts', async (original) => {
  const real = await original<typeof SyncQueue>();
  return {
    ...real,
    usePendingActions: (kind?: QueuedKind) => waiting.filter((action) => !kind || action.kind === kind),
  };
});
afterEach(() => {
  waiting = [];
});

const NOW = Math.floor(Date.now() / 1000);
const playedToTheEnd: AdStatus = {
  state: 'playing',
  video_url: null,
  seconds: 30,
  started_time: NOW - 120,
  reduced_hours: null,
  next_time: NOW + 86_400,
};
const keptAdCompletion: QueuedAction = {
  id: 'ad-1',
  kind: 'ad.complete',
  account: 'amina',
  body: {},
  state: 'waiting',
  queuedAt: 0,
  attempts: 0,
  retryAt: null,
  error: null,
};

describe('the ad card', () => {
  it('once the ad has run: the button that shortens the wait', async () => {
    await renderInRouter(<AdCard ad={playedToTheEnd} minHours={12} maxHours={36} />);
    expect(screen.getByTestId('ad-timer').textContent).toBe('The ad is over.');
    expect((screen.getByRole('button', { name: 'Shorten my wait' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('with its completion kept offline: says it is waiting to sync, and offers no second tap', async () => {
    waiting = [keptAdCompletion];
    await renderInRouter(<AdCard ad={playedToTheEnd} minHours={12} maxHours={36} />);
    expect(screen.getByTestId('ad-waiting').textContent).toBe(
      'Your watched ad is waiting to sync. Your wait is shortened once the server confirms it.',
    );
    expect(screen.queryByRole('button', { name: /Shorten my wait/ })).toBeNull();
  });
});
