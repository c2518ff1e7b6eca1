import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Card } from '#app/components/card.tsx';
import { LoadError } from '#app/components/load-error.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { userInfoQueryOptions } from '#app/features/account/api/account-queries.ts';
import { useServerReachable } from '#app/lib/connectivity.ts';
import { VerifyPhoneLink } from '#app/features/kyc/components/verify-phone-link.tsx';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';
import {
  addressQueryOptions,
  whitelistQueryOptions,
  withdrawRulesQueryOptions,
  withdrawStatusQueryOptions,
} from '#app/features/withdraw/api/withdraw-queries.ts';
import { AddressForm } from '#app/features/withdraw/components/address-form.tsx';
import { SavedAddress } from '#app/features/withdraw/components/saved-address.tsx';
import { ExchangeList } from '#app/features/withdraw/components/exchange-list.tsx';
import { AddressGuide } from '#app/features/guides/components/address-guide.tsx';
import { WithdrawRules } from '#app/components/withdraw-rules.tsx';
import { WithdrawAction } from '#app/features/withdraw/components/withdraw-action.tsx';
import { PayoutTimesNote } from '#app/features/transparency/components/payout-times-note.tsx';

export const Route = createFileRoute('/home/withdraw')({
  staticData: { title: msg`Withdraw` },
  component: WithdrawPage,
});

function WithdrawPage() {
  const { t } = useLingui();
  const address = useQuery(addressQueryOptions());
  const rules = useQuery(withdrawRulesQueryOptions());
  const status = useQuery(withdrawStatusQueryOptions());
  const user = useQuery(userInfoQueryOptions());
  const settings = useQuery(publicSettingsQueryOptions());
  const exchanges = useQuery(whitelistQueryOptions());
  const saved = address.data && address.data.walletaddress !== '';
  const reachable = useServerReachable();

  return (
    <>
      <PageHeader back title={<Trans>Withdraw</Trans>} />
      {status.data?.status === 1 ? (
        <Card className="alert alert-info" data-testid="withdraw-in-progress">
          <p>
            <Trans>
              A withdrawal is in progress. <Link to="/withdraw/status">See its progress</Link>
            </Trans>
          </p>
        </Card>
      ) : null}
      {reachable ? null : (
        <Card className="alert alert-info" data-testid="withdraw-offline">
          <p>
            <Trans>
              You are offline: this is what Earnest last read. Saving an address and withdrawing are available
              when you are back online.
            </Trans>
          </p>
        </Card>
      )}
      <div className="two-columns">
        <div className="column">
          {address.isError && !address.data && reachable ? (
            <LoadError error={address.error} onRetry={() => void address.refetch()} />
          ) : null}
          {saved && address.data ? (
            <SavedAddress address={address.data} online={reachable} />
          ) : address.data && reachable ? (
            <AddressForm />
          ) : null}
        </div>
        <div className="column">
          <Card>
            <h2>
              <Trans>What a withdrawal needs</Trans>
            </h2>
            {rules.data ? (
              <WithdrawRules rules={rules.data.rules} inviteRule={rules.data.invite_rule} />
            ) : reachable ? (
              <p className="skeleton" aria-busy="true" aria-label={t`Loading...`} />
            ) : (
              <p className="muted">
                <Trans>The rules show here once Earnest has read them online.</Trans>
              </p>
            )}
            <p>
              <Link to="/guide/withdraw" className="text-link" data-testid="withdraw-guide-link">
                <Trans>How withdrawing works, step by step</Trans>
              </Link>
            </p>
            {rules.data && user.data && settings.data && status.data?.status !== 1 ? (
              <WithdrawAction
                balance={user.data.balance}
                waitingDays={settings.data.waiting_days}
                minHours={settings.data.ad_reduction_min_hours}
                maxHours={settings.data.ad_reduction_max_hours}
                allowed={rules.data.may_withdraw && reachable}
              />
            ) : null}
          </Card>
          <PayoutTimesNote />
        </div>
        {/* Last in the page as on a phone, where it comes after the rules; in two columns it goes
            under the form (styles/desktop.css). */}
        <div className="column-later">
          <VerifyPhoneLink bonusAmount={settings.data?.kyc_bonus} testId="kyc-link" />
          {saved ? null : <AddressGuide formShown={Boolean(address.data) && reachable} />}
          {exchanges.data ? <ExchangeList exchanges={exchanges.data} /> : null}
        </div>
      </div>
    </>
  );
}
