import { Trans } from '@lingui/react/macro';
import type { Invite } from '#contract/invite.ts';
import { Card } from '#app/components/card.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { Isolate } from '#app/components/isolate.tsx';
import { Section } from '#app/components/section.tsx';

/**
 * Recent invitations with where each stands under the rule in force (docs/product-rules.md#invitations):
 * counts, waiting for the friend, or will not count. Names come masked from the server.
 */
export function InviteList({ invites }: { invites: readonly Invite[] }) {
  return (
    <Section titleId="invites-title" title={<Trans>Recent invitations</Trans>}>
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
                <bdi>{invite.username}</bdi> ·{' '}
                <Isolate dir="auto">{formatDateTime(invite.invite_time)}</Isolate>
              </p>
              <p
                className={invite.status === 'counts' ? 'record-status record-success' : 'muted'}
                data-status={invite.status}
              >
                {invite.status === 'counts' ? (
                  <Trans>Counts</Trans>
                ) : invite.status === 'waiting' ? (
                  <Trans>Does not count yet</Trans>
                ) : (
                  <Trans>Does not count</Trans>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
