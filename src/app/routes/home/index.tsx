import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { parseAmount } from '#domain/money/amount.ts';
import { Card } from '#app/components/card.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { userInfoQueryOptions } from '#app/features/account/api/account-queries.ts';
import { dailyRewardQueryOptions } from '#app/features/rewards/api/rewards-queries.ts';
import { kycStatusQueryOptions } from '#app/features/kyc/api/kyc-queries.ts';
import { GiftCard } from '#app/features/rewards/components/gift-card.tsx';
import { InterestCard } from '#app/features/rewards/components/interest-card.tsx';
import { WithdrawWizard } from '#app/features/rewards/components/withdraw-wizard.tsx';
import { publicSettingsQueryOptions } from '#app/features/settings/api/settings-queries.ts';
import {
  taskHistoryQueryOptions,
  taskListQueryOptions,
  useAcceptDay,
} from '#app/features/tasks/api/tasks-queries.ts';
import { AcceptCard } from '#app/features/tasks/components/accept-card.tsx';
import { DaySummary } from '#app/features/tasks/components/day-summary.tsx';
import { TaskList } from '#app/features/tasks/components/task-list.tsx';
import { TaskSheet } from '#app/features/tasks/components/task-sheet.tsx';
import { WeekHistory } from '#app/features/tasks/components/week-history.tsx';
import {
  withdrawRulesQueryOptions,
  withdrawStatusQueryOptions,
} from '#app/features/withdraw/api/withdraw-queries.ts';
import { Loaded } from '#app/components/load-error.tsx';
import { WelcomeCard } from '#app/features/account/components/welcome-card.tsx';
import { invitationsRaiseRate } from '#app/lib/invite-rates.ts';
import { XrpPrice } from '#app/features/rates/components/xrp-price.tsx';

export const Route = createFileRoute('/home/')({
  staticData: { title: msg`Daily tasks` },
  component: TasksPage,
});

function TasksPage() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const list = useQuery(taskListQueryOptions(locale));
  const reward = useQuery(dailyRewardQueryOptions());
  const user = useQuery(userInfoQueryOptions());
  const settings = useQuery(publicSettingsQueryOptions());
  const history = useQuery(taskHistoryQueryOptions());
  const kyc = useQuery(kycStatusQueryOptions());
  const accept = useAcceptDay(locale);
  const [openTaskId, setOpenTaskId] = useState<number | null>(null);

  // The cards come in together: painting the day first and pushing it down as the gift, the welcome
  // or the interest arrive would move what the user is about to tap. A query that waits for the
  // network (offline) does not hold the others back.
  const arriving = [user, settings, reward].some((q) => q.isPending && q.fetchStatus === 'fetching');

  const openTask = list.data?.tasks.find((task) => task.id === openTaskId);
  const serverOffsetMs = list.data ? list.data.server_time * 1000 - list.dataUpdatedAt : 0;
  // All of the tasks the day holds, which may be fewer than the rule's count.
  const allDone = list.data
    ? list.data.accepted && list.data.tasks.length > 0 && list.data.completed >= list.data.tasks.length
    : false;
  // The way to a withdrawal ("earn 100 XRP", "withdraw") is not true while one is on its way: the
  // whole balance went into it, and the pill above links to it. Shown once the status is known, or
  // could not be read (offline): it comes last in its column, so appearing late moves nothing.
  const withdrawal = useQuery(withdrawStatusQueryOptions());
  const wayToWithdrawal = withdrawal.data
    ? withdrawal.data.status !== 1
    : withdrawal.fetchStatus !== 'fetching';
  // Read only once the first two steps are done: then only the server can say whether every rule is
  // met (invitations, a phone, a changed address still held) and the user may withdraw.
  const firstStepsDone =
    reward.data?.address_set === true &&
    user.data !== undefined &&
    settings.data !== undefined &&
    (parseAmount(user.data.balance) ?? 0n) >= (parseAmount(settings.data.min_withdrawal) ?? 0n);
  const eligibility = useQuery({ ...withdrawRulesQueryOptions(), enabled: firstStepsDone });

  return (
    <>
      <PageHeader title={<Trans>Daily tasks</Trans>} />
      {user.data?.welcomed_time === null && settings.data && !arriving ? (
        <WelcomeCard
          waitingDays={settings.data.waiting_days}
          minWithdrawal={settings.data.min_withdrawal}
          invitationsRaise={invitationsRaiseRate(settings.data)}
        />
      ) : null}
      <Loaded query={list} hold={arriving}>
        {(day) => (
          <div className="two-columns">
            <div className="column">
              <DaySummary
                list={day}
                balance={user.data?.balance}
                serverOffsetMs={serverOffsetMs}
                aside={<XrpPrice />}
              />
              {/* A gift of 0 is the operator offering none: no card to claim nothing with. */}
              {reward.data && !reward.data.gift_claimed && parseAmount(reward.data.gift_amount) !== 0n ? (
                <GiftCard amount={reward.data.gift_amount} />
              ) : null}
              {day.accepted ? null : (
                <AcceptCard list={day} onAccept={() => accept.mutate()} busy={accept.isPending} />
              )}
              {allDone ? (
                <Card className="alert alert-success" data-testid="all-done">
                  <p>
                    {/* Said from the same state the interest card's button uses. */}
                    {!reward.data ? (
                      <Trans>All of today's tasks are done.</Trans>
                    ) : reward.data.claimed_today ? (
                      <Trans>All of today's tasks are done, and today's interest is claimed.</Trans>
                    ) : reward.data.address_set ? (
                      <Trans>All of today's tasks are done. Claim your interest below.</Trans>
                    ) : (
                      <Trans>
                        All of today's tasks are done. Save a withdrawal address to claim your interest.
                      </Trans>
                    )}
                  </p>
                </Card>
              ) : null}
              {day.accepted ? (
                <TaskList tasks={day.tasks} day={day.day} onOpen={(task) => setOpenTaskId(task.id)} />
              ) : null}
            </div>
            <div className="column">
              {reward.data ? (
                <InterestCard
                  reward={reward.data}
                  balance={user.data?.balance}
                  tasks={day.tasks}
                  day={day.day}
                />
              ) : null}
              {history.data ? <WeekHistory days={history.data} perDay={day.tasks_per_day} /> : null}
              {user.data && settings.data && reward.data && wayToWithdrawal ? (
                <WithdrawWizard
                  balance={user.data.balance}
                  minWithdrawal={settings.data.min_withdrawal}
                  waitingDays={settings.data.waiting_days}
                  addressSet={reward.data.address_set}
                  phoneBonus={
                    (parseAmount(settings.data.kyc_bonus) ?? 0n) > 0n ? settings.data.kyc_bonus : null
                  }
                  phoneVerified={kyc.data?.state === 'verified'}
                  phoneBonusCredited={
                    kyc.data?.bonus_credited === true
                      ? (kyc.data.credited_amount ?? settings.data.kyc_bonus)
                      : null
                  }
                  rulesInForce={settings.data.withdraw_rules}
                  inviteRule={settings.data.invite_rule}
                  eligibility={eligibility.data}
                />
              ) : null}
            </div>
            {openTask ? (
              <TaskSheet
                task={openTask}
                day={day.day}
                serverOffsetMs={serverOffsetMs}
                onClose={() => setOpenTaskId(null)}
              />
            ) : null}
          </div>
        )}
      </Loaded>
    </>
  );
}
