import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { USAGE_OPS_API, UsageDaysResponseSchema, type UsageEvent } from '#contract/usage.ts';
import { formatCount } from '#app/lib/format.ts';
import { opsKeys, opsQueryOptions } from '../api/ops-queries.ts';
import { ConsolePage, ConsoleTable, LoadState } from './console.tsx';

const EVENT_LABELS: Record<UsageEvent, MessageDescriptor> = {
  app_opened: msg`App opened`,
  screen_opened: msg`Screens opened`,
  task_started: msg`Tasks started`,
  withdraw_opened: msg`Withdraw screen opened`,
};

/** Opt-in usage counts per day (docs/transparency.md#usage-counts): totals only, from those who share them. */
export function UsagePage() {
  const { t, i18n } = useLingui();
  const usage = useQuery(
    opsQueryOptions([...opsKeys.all, 'usage'] as const, USAGE_OPS_API.days, UsageDaysResponseSchema),
  );
  const events = usage.data?.events ?? [];
  return (
    <ConsolePage
      title={t`Usage`}
      intro={
        <Trans>
          Daily totals sent by the devices whose owners switched on "Share anonymous usage counts" (off by
          default): a count per event and day, with no user, device or address. Most people never switch it
          on, so these are a lower bound, not the number of users.
        </Trans>
      }
    >
      <LoadState query={usage} />
      <ConsoleTable
        rows={usage.data?.days}
        empty={<Trans>No counts in the last 30 days.</Trans>}
        testId="usage-table"
        rowKey={(row) => row.day}
        columns={[
          { head: <Trans>Day</Trans>, cell: (row) => row.day },
          ...events.map((event) => ({
            head: i18n._(EVENT_LABELS[event]),
            className: 'num',
            cell: (row: { counts: Partial<Record<UsageEvent, number>> }) =>
              formatCount(row.counts[event] ?? 0),
          })),
        ]}
      />
    </ConsolePage>
  );
}
