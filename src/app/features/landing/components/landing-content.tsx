import type { ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { PublicSettings } from '#contract/settings.ts';
import { parseAmount } from '#domain/money/amount.ts';
import type { TaskType } from '#domain/tasks/task-rules.ts';
import { Card } from '#app/components/card.tsx';
import { CheckIcon } from '#app/components/icons.tsx';
import { TaskTypeIcon } from '#app/components/task-type-icon.tsx';
import { TASK_TYPE_LABELS } from '#app/i18n/task-type-labels.ts';
import { adReduction } from '#app/lib/ad-reduction.ts';
import { formatDays, formatPercent } from '#app/lib/format.ts';
import { InstallButton } from '#app/pwa/install-button.tsx';
import { SafetyHolds } from '#app/components/safety-holds.tsx';
import { WithdrawRules } from '#app/components/withdraw-rules.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { invitationsRaiseRate } from '#app/lib/invite-rates.ts';
import { Section } from '#app/components/section.tsx';

/** Landing, with only figures the server computed from its configuration and data (docs/product-rules.md#no-contradicting-claims). */
export function LandingContent({ settings }: { settings: PublicSettings }) {
  const { i18n } = useLingui();
  const gift = <XrpAmount amount={settings.gift_amount} />;
  const tasks = settings.tasks_per_day;
  const cap = <XrpAmount amount={settings.daily_task_cap} />;
  const aprBase = formatPercent(settings.apr_base);
  const aprStep = formatPercent(settings.apr_step);
  const aprMax = formatPercent(settings.apr_max);
  const minWithdrawal = <XrpAmount amount={settings.min_withdrawal} />;
  const period = formatDays(settings.waiting_days);
  const adSeconds = settings.ad_seconds;
  const byHours = adReduction(i18n, settings.ad_reduction_min_hours, settings.ad_reduction_max_hours);
  // Null while the operator's LANDING_USERS_MIN is not reached: then no figure at all.
  const users = settings.stats.users;

  return (
    <>
      {/* A gift of 0 is the operator offering none: then no gift is promised. */}
      {parseAmount(settings.gift_amount) === 0n ? null : (
        <Card className="gift-card">
          <p className="gift-label">
            <Trans>New-user gift</Trans>
          </p>
          <p className="gift-amount" data-testid="gift-amount">
            {gift}
          </p>
          <p>
            <Trans>
              Claim it once, while it is offered. It is credited to your balance exactly as shown when you
              claim.
            </Trans>
          </p>
        </Card>
      )}

      {/* The sections from here paint only once the rules in force have loaded: a block of text in
          the first screen larger than the prerendered headline would become the page's largest paint,
          seconds later (docs/performance.md). So the first one stays short; the rules after it say the rest. */}
      <Section titleId="withdraw-rules-title" title={<Trans>What a withdrawal needs</Trans>}>
        <WithdrawRules rules={settings.withdraw_rules} inviteRule={settings.invite_rule} />
        <p>
          <Link to="/guide/withdraw" className="text-link">
            <Trans>How withdrawing works, step by step</Trans>
          </Link>
        </p>
      </Section>

      <Section titleId="rules-title" title={<Trans>The rules, before you start</Trans>}>
        <ul className="checklist" data-testid="landing-rules">
          <Check>
            <Trans>
              Up to <Plural value={tasks} one="# task" other="# tasks" /> a day, up to {cap} a day from tasks.
              Each task shows its reward and time before it starts.
            </Trans>
          </Check>
          <Check>
            {invitationsRaiseRate(settings) ? (
              <Trans>
                Daily interest at {aprBase} a year, plus {aprStep} for each invitation that counts (the Invite
                screen says when one does), up to {aprMax}.
              </Trans>
            ) : (
              <Trans>Daily interest at {aprBase} a year.</Trans>
            )}
          </Check>
          <Check>
            <Trans>
              Each day, once you have done all of the day's tasks and saved a withdrawal address, you can
              claim interest on your balance.
            </Trans>
          </Check>
          <Check>
            <Trans>One claim a day. A day you do not claim is not paid later.</Trans>
          </Check>
          <Check>
            <Trans comment="{period} is a number of days with its noun, as the browser writes it on its own: “30 days”, “30 дней”, “30 يومًا”.">
              Withdraw from {minWithdrawal} to your exchange address. Payment follows a waiting period of{' '}
              {period}.
            </Trans>
          </Check>
          <Check>
            <Trans>
              A withdrawal sends your whole balance to your own account at a supported exchange, one
              withdrawal at a time.
            </Trans>
          </Check>
          <Check>
            <SafetyHolds />
          </Check>
          <Check>
            <Trans>
              A payment can wait longer than its waiting period: for Earnest&apos;s payout wallet to be
              refilled, or for a check by its operator. Your withdrawal record then says why.
            </Trans>
          </Check>
          <Check>
            <Trans comment="{byHours} is how much the ad shortens the wait, worded once for every sentence that says it (its own message).">
              Once a day, a {adSeconds}-second ad shortens the wait {byHours}.
            </Trans>
          </Check>
          <Check>
            <Trans>Earnest never asks you for money: no deposit, fee or upgrade, ever.</Trans>
          </Check>
        </ul>
      </Section>

      <Section titleId="types-title" title={<Trans>Kinds of tasks</Trans>}>
        <dl className="task-types">
          <TaskKind type="regular">
            <Trans>Read a short page for the time shown.</Trans>
          </TaskKind>
          <TaskKind type="web">
            <Trans>Visit a website and stay for the time shown.</Trans>
          </TaskKind>
          <TaskKind type="video">
            <Trans>Watch a video to the end.</Trans>
          </TaskKind>
          <TaskKind type="download">
            <Trans>Open an app's store page and try the app.</Trans>
          </TaskKind>
          <TaskKind type="notification">
            <Trans>Turn on Earnest's notifications on this device.</Trans>
          </TaskKind>
          <TaskKind type="survey">
            <Trans>Answer a few questions.</Trans>
          </TaskKind>
        </dl>
      </Section>

      {users === null ? null : (
        <Section titleId="stats-title" title={<Trans>Earnest today</Trans>}>
          <p className="stat" data-testid="stat-users">
            <Plural
              value={users}
              one="# person has registered so far."
              other="# people have registered so far."
            />
          </p>
          <p className="muted">
            <Trans>Counted from our database when this page loaded.</Trans>
          </p>
        </Section>
      )}

      <Section titleId="features-title" title={<Trans>Made for your phone</Trans>}>
        <ul className="checklist">
          <Check>
            <Trans>Install it like an app; it keeps working on a weak connection.</Trans>
          </Check>
          <Check>
            <Trans>In your language: 11 languages, including Arabic.</Trans>
          </Check>
          <Check>
            <Trans>Withdrawals are marked successful only when the payment is final.</Trans>
          </Check>
        </ul>
      </Section>

      <Link to="/" search={{ tab: 'register' }} className="btn btn-primary btn-block">
        <Trans>Register and start earning</Trans>
      </Link>
      <InstallButton />
    </>
  );
}

/** A line of a checklist, ticked. */
function Check({ children }: { children: ReactNode }) {
  return (
    <li>
      <CheckIcon />
      <span>{children}</span>
    </li>
  );
}

/** A kind of task: its icon and name, and what doing it means. */
function TaskKind({ type, children }: { type: TaskType; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div>
      <dt>
        <TaskTypeIcon type={type} className="task-type-icon" />
        {i18n._(TASK_TYPE_LABELS[type])}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
