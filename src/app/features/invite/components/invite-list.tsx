import { Trans } from '@lingui/react/macro';
import type { Invite } from '#contract/invite.ts';
import { Card } from '#app/components/card.tsx';
import { formatDateTime } from '#app/lib/format.ts';

/** Recent invitations, bound or not (seed §2): only bound ones raise the rate. */
export function InviteList({ invites }: { invites: readonly Invite[] }) {
  return (
    <section className="section" aria-labelledby="invites-title">
      <h2 id="invites-title">
        <Trans>Recent invitations</Trans>
      </h2>
      {invites.length === 0 ? (
        <Card className="empty-state">
          <p>
            <Trans>No one has joined with your code yet.</Trans>
          </p>
        </Card>
      ) : (
        <ul className="list" data-testid="invite-list">
          {invites.map((invite) => (
            <li key={`${invite.username}-${invite.invite_time}`} className="list-row record">
              <p>
                <bdi>{invite.username}</bdi> · {formatDateTime(invite.invite_time)}
              </p>
              <p className={invite.is_wallet_bound ? 'record-status record-success' : 'muted'}>
                {invite.is_wallet_bound ? (
                  <Trans>Wallet bound: counts</Trans>
                ) : (
                  <Trans>Wallet not bound yet</Trans>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
