import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '#contract/paths.ts';
import { PairingScreen } from '#app/features/devices/components/pairing-screen.tsx';
import { renderInRouter, rendersEveryScreenIn } from '#tests/helpers/render-in-app.tsx';

// The signed-out device's pairing screen: what it says once the server has ended its code early.

rendersEveryScreenIn('en');

/** A server that hands out a code valid for 5 minutes and answers `state` when asked about it. */
function serverAnswering(state: 'waiting' | 'expired' | 'used') {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(url);
      const data = url.endsWith(API.pairingStart)
        ? { code: 'ABCDE-FGHJK', secret: 's'.repeat(43), expires_time: Math.floor(Date.now() / 1000) + 300 }
        : { state, token: null };
      return new Response(JSON.stringify({ code: 1, msg: 'ok', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the pairing screen', () => {
  it('stops calling a code valid once the server says its approval ended, and stops asking', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const asked = serverAnswering('expired');
    await renderInRouter(<PairingScreen />);
    expect(await screen.findByTestId('pairing-code')).toBeTruthy();
    expect(screen.getByTestId('pairing-countdown').textContent).toMatch(/Valid for/);

    await vi.advanceTimersByTimeAsync(3_000);
    await waitFor(() =>
      expect(screen.getByTestId('pairing-expired').textContent).toBe(
        'This code can no longer be used. Get a new one.',
      ),
    );
    expect(screen.queryByTestId('pairing-code')).toBeNull();
    expect(screen.queryByTestId('pairing-countdown')).toBeNull();
    const polls = asked.filter((url) => url.endsWith(API.pairingState)).length;
    await vi.advanceTimersByTimeAsync(9_000);
    expect(asked.filter((url) => url.endsWith(API.pairingState)).length).toBe(polls);
  });

  it('keeps the code and its countdown while the approval is only awaited', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    serverAnswering('waiting');
    await renderInRouter(<PairingScreen />);
    expect(await screen.findByTestId('pairing-code')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(screen.getByTestId('pairing-code').textContent).toBe('ABCDE-FGHJK');
    expect(screen.queryByTestId('pairing-expired')).toBeNull();
  });
});
