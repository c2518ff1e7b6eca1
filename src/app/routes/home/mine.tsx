import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Card } from '#app/components/card.tsx';
import { List } from '#app/components/list.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { userInfoQueryOptions } from '#app/features/account/api/account-queries.ts';
import { BalanceCard } from '#app/features/account/components/balance-card.tsx';
import { Figures } from '#app/features/account/components/figures.tsx';
import { HelpRows } from '#app/features/account/components/help-rows.tsx';
import { LanguageRow } from '#app/features/account/components/language-picker.tsx';
import {
  ChangePasswordRow,
  DeleteAccountRow,
} from '#app/features/account/components/account-control-rows.tsx';
import { LogoutRow } from '#app/features/account/components/logout-row.tsx';
import { withdrawLogsQueryOptions } from '#app/features/withdraw/api/withdraw-queries.ts';
import { WithdrawLogs } from '#app/features/withdraw/components/withdraw-logs.tsx';
import { DevicesSection } from '#app/features/devices/components/devices-section.tsx';
import { PushSettingsSection } from '#app/features/push/components/push-settings.tsx';
import { InstallButton } from '#app/pwa/install-button.tsx';
import { NoMoneyNotice } from '#app/features/account/components/no-money-notice.tsx';
import { useLogout } from '#app/features/auth/api/auth-queries.ts';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';
import { Loaded } from '#app/components/load-error.tsx';
import { VerifyPhoneLink } from '#app/features/kyc/components/verify-phone-link.tsx';
import { Isolate } from '#app/components/isolate.tsx';
import { XrpPrice } from '#app/features/rates/components/xrp-price.tsx';
import { CurrencyRow } from '#app/features/rates/components/currency-row.tsx';
import { GuideRows } from '#app/features/guides/components/guide-rows.tsx';
import { ReviewForm } from '#app/features/testimonials/components/review-form.tsx';
import { UsageSwitch } from '#app/features/usage/components/usage-switch.tsx';

export const Route = createFileRoute('/home/mine')({
  staticData: { title: msg`Account` },
  loader: ({ context }) => {
    // Start both requests with the navigation; the screen renders from the cache as they arrive.
    void context.queryClient.prefetchQuery(userInfoQueryOptions());
    void context.queryClient.prefetchQuery(publicSettingsQueryOptions());
  },
  component: MinePage,
});

function MinePage() {
  const user = useQuery(userInfoQueryOptions());
  const settings = useQuery(publicSettingsQueryOptions());
  const logs = useQuery(withdrawLogsQueryOptions());
  const logout = useLogout();
  const { t } = useLingui();

  return (
    <>
      <PageHeader title={<Trans>Account</Trans>} />
      <Loaded query={user}>
        {(me) => (
          <>
            <Card className="profile">
              <span className="avatar" aria-hidden="true">
                {me.username.slice(0, 1).toUpperCase()}
              </span>
              <div>
                <p className="profile-name" dir="auto">
                  {me.username}
                </p>
                <p className="profile-code">
                  <Trans>Invitation code</Trans> <Isolate className="code">{me.invite_code}</Isolate>
                </p>
              </div>
            </Card>
            <BalanceCard user={me} aside={<XrpPrice className="on-brand" />} />
            <Figures user={me} />
          </>
        )}
      </Loaded>
      {logs.data ? <WithdrawLogs logs={logs.data} explorerTxUrl={settings.data?.explorer_tx_url} /> : null}
      <p>
        <Link to="/history" className="btn btn-secondary btn-block" data-testid="history-link">
          <Trans>History: every credit and withdrawal</Trans>
        </Link>
      </p>
      <VerifyPhoneLink bonusAmount={settings.data?.kyc_bonus} />
      <DevicesSection />
      <PushSettingsSection />
      {user.data ? <ReviewForm username={user.data.username} /> : null}
      <UsageSwitch />
      <InstallButton />
      <NoMoneyNotice />
      <List label={t`Settings`}>
        <LanguageRow />
        <CurrencyRow />
        <GuideRows />
        <HelpRows supportUrl={settings.data?.support_url} />
        <ChangePasswordRow />
        <LogoutRow logout={() => logout.mutateAsync()} />
        <DeleteAccountRow balance={user.data?.balance} />
      </List>
    </>
  );
}
