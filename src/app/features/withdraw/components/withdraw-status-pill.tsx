import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { waitLeft } from '#domain/withdraw/waiting.ts';
import { formatDaysHours } from '#app/lib/format.ts';
import { useServerNow } from '#app/lib/server-clock.ts';
import { withdrawKeys, withdrawStatusQueryOptions } from '../api/withdraw-queries.ts';

/**
 * The tab bar checks the withdrawal status on load, on every route change and when the
 * balance reaches the minimum, and shows a withdrawal in progress — as a link to its page, never
 * by holding the user there.
 */
export function WithdrawStatusPill({ balanceReached }: { balanceReached: boolean }) {
  const queryClient = useQueryClient();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const status = useQuery(withdrawStatusQueryOptions());
  const now = useServerNow();

  // A read already under way (the one the query starts as the pill appears) is the check: cancelling it
  // to send the same read again would ask twice.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: withdrawKeys.status() }, { cancelRefetch: false });
  }, [path, balanceReached, queryClient]);

  if (status.data?.status !== 1 || status.data.end_time === null) return null;
  const wait = waitLeft(status.data.end_time * 1000, now);
  const left = wait.kind === 'left' ? formatDaysHours(wait) : '';
  return (
    <Link to="/withdraw/status" className="status-pill" data-testid="withdraw-pill">
      {wait.kind === 'over' ? (
        <Trans>Withdrawal in progress: waiting period over</Trans>
      ) : wait.kind === 'under_hour' ? (
        <Trans>Withdrawal in progress: less than an hour left</Trans>
      ) : (
        <Trans>Withdrawal in progress: {left} left</Trans>
      )}
    </Link>
  );
}
