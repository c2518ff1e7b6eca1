import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Card } from '#app/components/card.tsx';
import { LoadError } from '#app/components/load-error.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { WithdrawGuide } from '#app/features/guides/components/withdraw-guide.tsx';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';

export const Route = createFileRoute('/guide/withdraw')({
  staticData: { title: msg`How withdrawing works` },
  loader: ({ context }) => context.queryClient.prefetchQuery(publicSettingsQueryOptions()),
  component: WithdrawGuidePage,
});

function WithdrawGuidePage() {
  const { t } = useLingui();
  const settings = useQuery(publicSettingsQueryOptions());
  return (
    <>
      <PageHeader back title={<Trans>How withdrawing works</Trans>} />
      {settings.data ? (
        <WithdrawGuide settings={settings.data} />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Card className="skeleton" aria-busy="true" aria-label={t`Loading...`} />
      )}
    </>
  );
}
