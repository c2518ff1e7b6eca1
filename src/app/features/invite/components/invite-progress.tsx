import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { InviteList } from '#contract/invite.ts';
import { formatAmount, parseAmount } from '#domain/money/amount.ts';
import { yearlyWorthOfStep } from '#domain/rewards/interest.ts';
import { parsePercent } from '#domain/rules/product-rules.ts';
import { Card } from '#app/components/card.tsx';
import { formatPercent } from '#app/lib/format.ts';
import { invitationsRaiseRate } from '#app/lib/invite-rates.ts';
import { XrpAmount } from '#app/components/xrp-amount.tsx';

/** How far the user's rate has come toward the maximum, and how many more counted invitations it takes. */
export function InviteProgress({ invites, balance }: { invites: InviteList; balance: string | undefined }) {
  const { t } = useLingui();
  const rate = parsePercent(invites.annual_rate) ?? 0;
  const base = parsePercent(invites.apr_base) ?? 0;
  const step = parsePercent(invites.apr_step) ?? 0;
  const max = parsePercent(invites.apr_max) ?? 0;
  const raises = invitationsRaiseRate(invites);
  const toGo = raises ? Math.max(0, Math.ceil((max - rate) / step)) : 0;
  const share = max > base ? Math.round(((rate - base) / (max - base)) * 100) : 100;
  const current = formatPercent(invites.annual_rate);
  const top = formatPercent(invites.apr_max);
  const bound = invites.bound_count;
  const held = balance === undefined ? null : parseAmount(balance);
  // The next invitation that counts adds the step, or what is left of it below the maximum.
  const nextStep = Math.min(step, Math.max(0, max - rate));
  const worth =
    held === null || held <= 0n || nextStep <= 0 ? null : (
      <XrpAmount amount={formatAmount(yearlyWorthOfStep(held, nextStep))} />
    );
  const shownBalance = balance === undefined ? '' : <XrpAmount amount={balance} />;
  return (
    <Card data-testid="invite-progress">
      <h2>
        <Trans>Your annual rate</Trans>
      </h2>
      <p className="big-figure" data-testid="invite-rate">
        {current}
      </p>
      <progress className="meter" max={100} value={share} aria-label={t`Progress toward the maximum rate`} />
      <p>
        {/* One message each, so that each language joins the two sentences its own way. */}
        {!raises ? (
          <Trans>
            <Plural value={bound} one="# invitation counts." other="# invitations count." /> Invitations do
            not raise the rate at present.
          </Trans>
        ) : toGo > 0 ? (
          <Trans>
            <Plural value={bound} one="# invitation counts." other="# invitations count." />{' '}
            <Plural
              value={toGo}
              one="# more reaches the maximum rate."
              other="# more reach the maximum rate."
            />
          </Trans>
        ) : (
          <Trans>
            <Plural value={bound} one="# invitation counts." other="# invitations count." /> You have the
            maximum rate of {top}.
          </Trans>
        )}
      </p>
      {worth !== null && toGo > 0 ? (
        <p className="muted" data-testid="invite-worth">
          <Trans>
            At your balance today ({shownBalance}), the next invitation that counts adds about {worth} of
            interest a year.
          </Trans>
        </p>
      ) : null}
    </Card>
  );
}
