import { Trans } from '@lingui/react/macro';
import type { InviteList } from '#contract/invite.ts';
import type { InviteRule } from '#domain/invite/counting.ts';
import { invitationsRaiseRate } from '#app/lib/invite-rates.ts';
import { formatPercent } from '#app/lib/format.ts';

/** The referral rules, from configuration, including what counts as cheating and what follows. */
export function InviteRules({ invites }: { invites: InviteList }) {
  const base = formatPercent(invites.apr_base);
  const step = formatPercent(invites.apr_step);
  const max = formatPercent(invites.apr_max);
  return (
    <section className="section card" aria-labelledby="invite-rules-title" data-testid="invite-rules">
      <h2 id="invite-rules-title">
        <Trans>How inviting works</Trans>
      </h2>
      <ul>
        <li>
          {invitationsRaiseRate(invites) ? (
            <Trans>
              Your rate starts at {base} a year. Each invitation that counts adds {step}, up to {max}.
            </Trans>
          ) : (
            <Trans>Your rate is {base} a year. Invitations do not raise it at present.</Trans>
          )}
        </li>
        <li data-testid="invite-counting-rule">
          <CountingRule rule={invites.rule} />
        </li>
        <li>
          <Trans>One level only: friends of your friends do not count for you.</Trans>
        </li>
        <li>
          <Trans>Earnest pays the extra interest. Nothing is ever taken from your friend.</Trans>
        </li>
        <li>
          <Trans>
            Cheating means inviting yourself with extra accounts or paying people to sign up; such invitations
            do not count. Any action Earnest takes on an account comes with its reason and date, shown to its
            owner. No one is banned automatically, and never one person for another&apos;s doing.
          </Trans>
        </li>
      </ul>
    </section>
  );
}

/** When an invitation counts, as the operator set it: said plainly, nothing hidden. */
function CountingRule({ rule }: { rule: InviteRule }) {
  switch (rule) {
    case 'phone':
      return (
        <Trans>
          An invitation counts once your friend verifies a phone number in Earnest that no other invited
          friend used. A friend who is banned or deletes their account stops counting.
        </Trans>
      );
    case 'wallet':
      return (
        <Trans>
          An invitation counts once your friend saves a withdrawal address. A friend who is banned or deletes
          their account stops counting.
        </Trans>
      );
    case 'phone_and_wallet':
      return (
        <Trans>
          An invitation counts once your friend verifies a phone number in Earnest that no other invited
          friend used and saves a withdrawal address. A friend who is banned or deletes their account stops
          counting.
        </Trans>
      );
  }
}
