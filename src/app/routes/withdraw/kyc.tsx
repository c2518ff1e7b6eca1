import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Card } from '#app/components/card.tsx';
import { LoadError } from '#app/components/load-error.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';
import { kycStatusQueryOptions } from '#app/features/kyc/api/kyc-queries.ts';
import { PhoneVerification } from '#app/features/kyc/components/phone-verification.tsx';

export const Route = createFileRoute('/withdraw/kyc')({
  staticData: { title: msg`Phone verification` },
  component: KycPage,
});

function KycPage() {
  const { t } = useLingui();
  const status = useQuery(kycStatusQueryOptions());
  const settings = useQuery(publicSettingsQueryOptions());
  return (
    <>
      <PageHeader back title={<Trans>Phone verification</Trans>} />
      {status.data ? (
        <PhoneVerification status={status.data} challenge={settings.data?.bot_challenge} />
      ) : status.isError ? (
        <LoadError error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <Card className="skeleton" aria-busy="true" aria-label={t`Loading...`} />
      )}
    </>
  );
}
