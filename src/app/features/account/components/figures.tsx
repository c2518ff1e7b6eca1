import { Trans } from '@lingui/react/macro';
import type { UserInfo } from '#contract/auth.ts';
import { formatCount, formatPercent } from '#app/lib/format.ts';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

/** Mine's figures, each straight from the server. */
export function Figures({ user }: { user: UserInfo }) {
  const tasks = formatCount(user.total_tasks);
  const rate = formatPercent(user.annual_rate);
  const invited = formatCount(user.invite_count);
  const claimed = <XrpAmount amount={user.total_claimed} />;
  return (
    <dl className="figures">
      <div>
        <dt>
          <Trans>Tasks completed</Trans>
        </dt>
        <dd data-testid="total-tasks">{tasks}</dd>
      </div>
      <div>
        <dt>
          <Trans>Annual rate</Trans>
        </dt>
        <dd data-testid="annual-rate">{rate}</dd>
      </div>
      <div>
        <dt>
          <Trans>Friends invited</Trans>
        </dt>
        <dd data-testid="invite-count">{invited}</dd>
      </div>
      <div>
        <dt>
          <Trans>Interest earned</Trans>
        </dt>
        <dd data-testid="total-claimed">{claimed}</dd>
      </div>
    </dl>
  );
}
