import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

/** User data, invite list and withdraw history are stale after 5 minutes. */
export const STALE_MS = 5 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        // A refused session or bad input will not change on retry; a dropped connection may.
        retry: (failures, error) =>
          failures < 2 && error instanceof ApiError && error.code === 'network.failed',
        refetchOnWindowFocus: true,
        // The browser's online flag cannot be trusted (a down server looks online, some networks look
        // offline): try once and let a failure say so, instead of waiting silently for "online".
        networkMode: 'offlineFirst',
      },
      // Money-moving calls must reach the service worker, which keeps them if the network is gone.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
