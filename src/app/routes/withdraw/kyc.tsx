import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Loaded } from '#app/components/load-error.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';
import { kycStatusQueryOptions } from '#app/features/kyc/api/kyc-queries.ts';
import { PhoneVerification } from '#app/features/kyc/components/phone-verification.tsx';

export const Route = createFileRoute('/withdraw/kyc')({
  staticData: { title: msg`Phone verification` },
  component: KycPage,
});

function KycPage() {
  const status = useQuery(kycStatusQueryOptions());
  const settings = useQuery(publicSettingsQueryOptions());
  return (
    <>
      <PageHeader back title={<Trans>Phone verification</Trans>} />
      <Loaded query={status}>
        {(kyc) => <PhoneVerification status={kyc} challenge={settings.data?.bot_challenge} />}
      </Loaded>
    </>
  );
}
