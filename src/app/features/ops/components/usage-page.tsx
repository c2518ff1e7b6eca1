import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { USAGE_OPS_API, UsageDaysResponseSchema, type UsageEvent } from '#contract/usage.ts';
import { formatCount } from '#app/lib/format.ts';
import { opsRequest } from '../api/ops-http.ts';
import { opsKeys } from '../api/ops-queries.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';
import { OpsLoadError } from './ops-load-error.tsx';

const EVENT_LABELS: Record<UsageEvent, MessageDescriptor> = {
  app_opened: msg`App opened`,
  screen_opened: msg`Screens opened`,
  task_started: msg`Tasks started`,
  withdraw_opened: msg`Withdraw screen opened`,
};

/** Opt-in usage counts per day (docs/transparency.md#usage-counts): totals only, from those who share them. */
export function UsagePage() {
  const { t, i18n } = useLingui();
  useOpsTitle(t`Usage`);
  const usage = useQuery({
    queryKey: [...opsKeys.all, 'usage'] as const,
    queryFn: () => opsRequest(USAGE_OPS_API.days, UsageDaysResponseSchema),
  });
  return (
    <div className="ops-page">
      <h1>
        <Trans>Usage</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Daily totals sent by the devices whose owners switched on "Share anonymous usage counts" (off by
          default): a count per event and day, with no user, device or address. Most people never switch it
          on, so these are a lower bound, not the number of users.
        </Trans>
      </p>
      {usage.isError ? <OpsLoadError error={usage.error} onRetry={() => void usage.refetch()} /> : null}
      {usage.data?.days.length === 0 ? (
        <p className="ops-empty">
          <Trans>No counts in the last 30 days.</Trans>
        </p>
      ) : null}
      {usage.data && usage.data.days.length > 0 ? (
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="usage-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                {usage.data.events.map((event) => (
                  <th key={event} scope="col">
                    {i18n._(EVENT_LABELS[event])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {usage.data.days.map((row) => (
                <tr key={row.day}>
                  <td>{row.day}</td>
                  {usage.data.events.map((event) => (
                    <td key={event} className="num">
                      {formatCount(row.counts[event] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
