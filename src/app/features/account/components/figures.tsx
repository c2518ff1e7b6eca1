import { Trans } from '@lingui/react/macro';
import type { UserInfo } from '#contract/auth.ts';
import { formatCount, formatPercent } from '#app/lib/format.ts';
import { XrpAmount } from '#app/components/xrp-amount.tsx';
import { Term } from '#app/components/term.tsx';

/** Mine's figures, each straight from the server. */
export function Figures({ user }: { user: UserInfo }) {
  const tasks = formatCount(user.total_tasks);
  const rate = formatPercent(user.annual_rate);
  const invited = formatCount(user.invite_count);
  const counted = user.counted_invite_count === undefined ? null : formatCount(user.counted_invite_count);
  const claimed = <XrpAmount amount={user.total_claimed} />;
  return (
    <dl className="figures">
      <Term label={<Trans>Tasks completed</Trans>} testId="total-tasks">
        {tasks}
      </Term>
      <Term label={<Trans>Annual rate</Trans>} testId="annual-rate">
        {rate}
      </Term>
      <Term label={<Trans>Friends invited</Trans>} testId="invite-count">
        {invited}
        {/* Beside the rate: only some invitations raise it, and the figure says how many. */}
        {counted === null ? null : (
          <span className="figure-note" data-testid="counted-invite-count">
            <Trans>Counting toward your rate: {counted}</Trans>
          </span>
        )}
      </Term>
      <Term label={<Trans>Interest earned</Trans>} testId="total-claimed">
        {claimed}
      </Term>
    </dl>
  );
}
