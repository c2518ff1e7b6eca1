import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Loaded } from '#app/components/load-error.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { userInfoQueryOptions } from '#app/features/account/api/account-queries.ts';
import { InterestGuide } from '#app/features/guides/components/interest-guide.tsx';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';
import { useSignedIn } from '#app/lib/session.ts';

export const Route = createFileRoute('/guide/interest')({
  staticData: { title: msg`How interest is computed` },
  loader: ({ context }) => context.queryClient.prefetchQuery(publicSettingsQueryOptions()),
  component: InterestGuidePage,
});

function InterestGuidePage() {
  const settings = useQuery(publicSettingsQueryOptions());
  // Signed in, the guide works the user's own figures out too.
  const user = useQuery({ ...userInfoQueryOptions(), enabled: useSignedIn() });
  const mine = user.data ? { balance: user.data.balance, rate: user.data.annual_rate } : null;
  return (
    <>
      <PageHeader back title={<Trans>How interest is computed</Trans>} />
      <Loaded query={settings}>{(rules) => <InterestGuide settings={rules} mine={mine} />}</Loaded>
    </>
  );
}
