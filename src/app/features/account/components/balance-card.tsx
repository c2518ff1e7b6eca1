import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { UserInfo } from '#contract/auth.ts';
import { Card } from '#app/components/card.tsx';
import { formatXrp } from '#app/lib/format.ts';

/** The balance, exactly as the server's ledger holds it, with the way to withdraw it. */
export function BalanceCard({ user }: { user: UserInfo }) {
  const balance = formatXrp(user.balance);
  return (
    <Card className="balance-card">
      <p className="balance-label">
        <Trans>Balance</Trans>
      </p>
      <p className="balance-amount" data-testid="balance">
        <bdi>{balance}</bdi> <span className="unit">XRP</span>
      </p>
      <Link to="/home/withdraw" className="btn btn-on-brand btn-block">
        <Trans>Withdraw</Trans>
      </Link>
    </Card>
  );
}
