import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { UserInfo } from '#contract/auth.ts';
import { Card } from '#app/components/card.tsx';
import { formatXrp } from '#app/lib/format.ts';
import { Isolate } from '#app/components/isolate.tsx';
import type { ReactNode } from 'react';

/**
 * The balance, exactly as the server's ledger holds it, with the way to withdraw it; `aside` is what
 * the route shows beside it (the approximate value of 1 XRP).
 */
export function BalanceCard({ user, aside }: { user: UserInfo; aside?: ReactNode }) {
  return (
    <Card className="balance-card">
      <p className="balance-label">
        <Trans>Balance</Trans>
      </p>
      <p className="balance-amount" data-testid="balance">
        <Isolate>
          {formatXrp(user.balance)} <span className="unit">XRP</span>
        </Isolate>
      </p>
      {aside}
      <Link to="/home/withdraw" className="btn btn-on-brand btn-block">
        <Trans>Withdraw</Trans>
      </Link>
    </Card>
  );
}
