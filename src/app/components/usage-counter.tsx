import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { usageCounts } from '#app/lib/usage-counts.ts';

/**
 * Counts the app opening and each screen opened, for the opt-in usage counts; does nothing while
 * sharing is off (docs/transparency.md#usage-counts). The path itself is never sent.
 */
export function UsageCounter() {
  const path = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => usageCounts.count('app_opened'), []);
  useEffect(() => {
    usageCounts.count('screen_opened');
    if (path === '/home/withdraw') usageCounts.count('withdraw_opened');
  }, [path]);
  return null;
}
