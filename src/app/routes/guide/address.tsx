import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '#app/components/page-header.tsx';
import { AddressSteps } from '#app/features/guides/components/address-steps.tsx';
import { whitelistQueryOptions } from '#app/features/withdraw/api/withdraw-queries.ts';
import { ExchangeList } from '#app/features/withdraw/components/exchange-list.tsx';

export const Route = createFileRoute('/guide/address')({
  staticData: { title: msg`How to get your exchange address and tag` },
  component: AddressGuidePage,
});

function AddressGuidePage() {
  const exchanges = useQuery(whitelistQueryOptions());
  return (
    <>
      <PageHeader back title={<Trans>How to get your exchange address and tag</Trans>} />
      <p className="guide-lead">
        <Trans>
          Earnest pays withdrawals to your own account at an exchange. You need two things from it: the XRP
          deposit address and the tag.
        </Trans>
      </p>
      <AddressSteps />
      <p>
        <Trans>
          The tag (also called memo or destination tag) tells the exchange which account is yours: many of its
          customers share the same address.
        </Trans>
      </p>
      <p>
        <Trans>
          Before saving, Earnest checks the address, tells you which exchange it belongs to and asks you to
          confirm both.
        </Trans>
      </p>
      {exchanges.data ? <ExchangeList exchanges={exchanges.data} /> : null}
    </>
  );
}
