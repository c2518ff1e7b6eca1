import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Card } from '#app/components/card.tsx';
import { LoadError } from '#app/components/load-error.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';
import {
  adStatusQueryOptions,
  withdrawLogsQueryOptions,
  withdrawStatusQueryOptions,
} from '#app/features/withdraw/api/withdraw-queries.ts';
import { AdCard } from '#app/features/withdraw/components/ad-card.tsx';
import { WithdrawLogs } from '#app/features/withdraw/components/withdraw-logs.tsx';
import { WithdrawProgress } from '#app/features/withdraw/components/withdraw-progress.tsx';

export const Route = createFileRoute('/withdraw/status')({
  staticData: { title: msg`Withdrawal status` },
  component: WithdrawStatusPage,
});

function WithdrawStatusPage() {
  const status = useQuery(withdrawStatusQueryOptions());
  const ad = useQuery(adStatusQueryOptions());
  const logs = useQuery(withdrawLogsQueryOptions());
  const settings = useQuery(publicSettingsQueryOptions());

  return (
    <>
      <PageHeader back title={<Trans>Withdrawal status</Trans>} />
      {status.isError ? <LoadError error={status.error} onRetry={() => void status.refetch()} /> : null}
      {status.data ? <WithdrawProgress status={status.data} /> : null}
      {status.data?.status === 0 ? (
        <Card data-testid="no-withdrawal">
          <p>
            <Trans>No withdrawal is in progress.</Trans>
          </p>
        </Card>
      ) : null}
      {ad.data && settings.data ? (
        <AdCard
          ad={ad.data}
          minHours={settings.data.ad_reduction_min_hours}
          maxHours={settings.data.ad_reduction_max_hours}
        />
      ) : null}
      {logs.data ? <WithdrawLogs logs={logs.data} explorerTxUrl={settings.data?.explorer_tx_url} /> : null}
      <p>
        <Link to="/home" className="btn btn-secondary btn-block">
          <Trans>Back to the tasks</Trans>
        </Link>
      </p>
    </>
  );
}
