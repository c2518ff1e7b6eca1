import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Loaded } from '#app/components/load-error.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { WithdrawGuide } from '#app/features/guides/components/withdraw-guide.tsx';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';

export const Route = createFileRoute('/guide/withdraw')({
  staticData: { title: msg`How withdrawing works` },
  loader: ({ context }) => context.queryClient.prefetchQuery(publicSettingsQueryOptions()),
  component: WithdrawGuidePage,
});

function WithdrawGuidePage() {
  const settings = useQuery(publicSettingsQueryOptions());
  return (
    <>
      <PageHeader back title={<Trans>How withdrawing works</Trans>} />
      <Loaded query={settings}>{(rules) => <WithdrawGuide settings={rules} />}</Loaded>
    </>
  );
}
