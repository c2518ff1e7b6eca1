import { Plural, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { PublicSettings } from '#contract/settings.ts';
import { Card } from '#app/components/card.tsx';
import { CheckIcon } from '#app/components/icons.tsx';
import { TaskTypeIcon } from '#app/components/task-type-icon.tsx';
import { formatPercent } from '#app/lib/format.ts';
import { InstallButton } from '#app/pwa/install-button.tsx';
import { WithdrawRules } from '#app/components/withdraw-rules.tsx';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

/** Landing, with only figures the server computed from its configuration and data (docs/product-rules.md#no-contradicting-claims). */
export function LandingContent({ settings }: { settings: PublicSettings }) {
  const gift = <XrpAmount amount={settings.gift_amount} />;
  const tasks = settings.tasks_per_day;
  const cap = <XrpAmount amount={settings.daily_task_cap} />;
  const aprBase = formatPercent(settings.apr_base);
  const aprStep = formatPercent(settings.apr_step);
  const aprMax = formatPercent(settings.apr_max);
  const minWithdrawal = <XrpAmount amount={settings.min_withdrawal} />;
  const days = settings.waiting_days;
  const adSeconds = settings.ad_seconds;
  const minHours = settings.ad_reduction_min_hours;
  const maxHours = settings.ad_reduction_max_hours;
  // Null while the operator's LANDING_USERS_MIN is not reached: then no figure at all.
  const users = settings.stats.users;

  return (
    <>
      <Card className="gift-card">
        <p className="gift-label">
          <Trans>New-user gift</Trans>
        </p>
        <p className="gift-amount" data-testid="gift-amount">
          {gift}
        </p>
        <p>
          <Trans>Claim it once, whenever you like. It is credited to your balance exactly as shown.</Trans>
        </p>
      </Card>

      <section className="section" aria-labelledby="withdraw-rules-title">
        <h2 id="withdraw-rules-title">
          <Trans>What a withdrawal needs: all of it, nothing more</Trans>
        </h2>
        <WithdrawRules rules={settings.withdraw_rules} inviteRule={settings.invite_rule} />
        <p>
          <Link to="/guide/withdraw" className="text-link">
            <Trans>How withdrawing works, step by step</Trans>
          </Link>
        </p>
      </section>

      <section className="section" aria-labelledby="rules-title">
        <h2 id="rules-title">
          <Trans>The rules, before you start</Trans>
        </h2>
        <ul className="checklist" data-testid="landing-rules">
          <li>
            <CheckIcon />
            <span>
              <Trans>
                Up to {tasks} tasks a day, up to {cap} a day from tasks. Each task shows its reward and time
                before it starts.
              </Trans>
            </span>
          </li>
          <li>
            <CheckIcon />
            <span>
              <Trans>
                Daily interest at {aprBase} a year, plus {aprStep} for each invitation that counts (the Invite
                screen says when one does), up to {aprMax}.
              </Trans>
            </span>
          </li>
          <li>
            <CheckIcon />
            <span>
              <Trans>
                Withdraw from {minWithdrawal} to your exchange address. Payment follows a waiting period of{' '}
                {days} days.
              </Trans>
            </span>
          </li>
          <li>
            <CheckIcon />
            <span>
              <Trans>
                Once a day, a {adSeconds}-second ad shortens the wait by {minHours} to {maxHours} hours.
              </Trans>
            </span>
          </li>
          <li>
            <CheckIcon />
            <span>
              <Trans>Earnest never asks you for money: no deposit, fee or upgrade, ever.</Trans>
            </span>
          </li>
        </ul>
      </section>

      <section className="section" aria-labelledby="types-title">
        <h2 id="types-title">
          <Trans>Kinds of tasks</Trans>
        </h2>
        <dl className="task-types">
          <div>
            <dt>
              <TaskTypeIcon type="regular" className="task-type-icon" />
              <Trans>Regular</Trans>
            </dt>
            <dd>
              <Trans>Read a short page for the time shown.</Trans>
            </dd>
          </div>
          <div>
            <dt>
              <TaskTypeIcon type="web" className="task-type-icon" />
              <Trans>Web</Trans>
            </dt>
            <dd>
              <Trans>Visit a website and stay for the time shown.</Trans>
            </dd>
          </div>
          <div>
            <dt>
              <TaskTypeIcon type="video" className="task-type-icon" />
              <Trans>Video</Trans>
            </dt>
            <dd>
              <Trans>Watch a video to the end.</Trans>
            </dd>
          </div>
          <div>
            <dt>
              <TaskTypeIcon type="download" className="task-type-icon" />
              <Trans>Download</Trans>
            </dt>
            <dd>
              <Trans>Open an app's store page and try the app.</Trans>
            </dd>
          </div>
          <div>
            <dt>
              <TaskTypeIcon type="notification" className="task-type-icon" />
              <Trans>Notification</Trans>
            </dt>
            <dd>
              <Trans>Turn on Earnest's notifications on this device.</Trans>
            </dd>
          </div>
          <div>
            <dt>
              <TaskTypeIcon type="survey" className="task-type-icon" />
              <Trans>Survey</Trans>
            </dt>
            <dd>
              <Trans>Answer a few questions.</Trans>
            </dd>
          </div>
        </dl>
      </section>

      {users === null ? null : (
        <section className="section" aria-labelledby="stats-title">
          <h2 id="stats-title">
            <Trans>Earnest today</Trans>
          </h2>
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
        </section>
      )}

      <section className="section" aria-labelledby="features-title">
        <h2 id="features-title">
          <Trans>Made for your phone</Trans>
        </h2>
        <ul className="checklist">
          <li>
            <CheckIcon />
            <span>
              <Trans>Install it like an app; it keeps working on a weak connection.</Trans>
            </span>
          </li>
          <li>
            <CheckIcon />
            <span>
              <Trans>In your language: 11 languages, including Arabic.</Trans>
            </span>
          </li>
          <li>
            <CheckIcon />
            <span>
              <Trans>Withdrawals are marked successful only when the payment is final.</Trans>
            </span>
          </li>
        </ul>
      </section>

      <Link to="/" search={{ tab: 'register' }} className="btn btn-primary btn-block">
        <Trans>Register and start earning</Trans>
      </Link>
      <InstallButton />
    </>
  );
}
