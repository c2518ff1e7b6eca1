import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DrillDownLayout } from '#app/components/drill-down-layout.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { HistoryList } from '#app/features/history/components/history-list.tsx';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';
import { requireSignedIn } from '#app/lib/guards.ts';

export const Route = createFileRoute('/history')({
  staticData: { title: msg`History` },
  beforeLoad: requireSignedIn,
  component: HistoryPage,
});

function HistoryPage() {
  const settings = useQuery(publicSettingsQueryOptions());
  return (
    <DrillDownLayout>
      <PageHeader back title={<Trans>History</Trans>} />
      <HistoryList explorerTxUrl={settings.data?.explorer_tx_url} />
    </DrillDownLayout>
  );
}
