import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { parseAmount } from '#domain/money/amount.ts';
import { MainLandmark } from '#app/components/main-landmark.tsx';
import { TabBar } from '#app/components/tab-bar.tsx';
import { userInfoQueryOptions } from '#app/features/account/api/account-queries.ts';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';
import { WithdrawStatusPill } from '#app/features/withdraw/components/withdraw-status-pill.tsx';
import { requireSignedIn } from '#app/lib/guards.ts';

export const Route = createFileRoute('/home')({
  beforeLoad: requireSignedIn,
  component: HomeLayout,
});

function HomeLayout() {
  const user = useQuery(userInfoQueryOptions());
  const settings = useQuery(publicSettingsQueryOptions());
  const balanceReached =
    user.data !== undefined &&
    settings.data !== undefined &&
    (parseAmount(user.data.balance) ?? 0n) >= (parseAmount(settings.data.min_withdrawal) ?? 0n);
  return (
    <div className="tab-layout">
      <MainLandmark className="tab-content">
        {/* In the flow, above the screen: it takes its own space and never covers content. */}
        <WithdrawStatusPill balanceReached={balanceReached} />
        <Outlet />
      </MainLandmark>
      <TabBar />
    </div>
  );
}
