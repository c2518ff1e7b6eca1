import { Trans } from '@lingui/react/macro';
import type { WithdrawRule } from '#contract/withdraw.ts';
import type { InviteRule } from '#domain/invite/counting.ts';
import { formatCount, formatDateTime } from '#app/lib/format.ts';
import { CheckIcon, CloseIcon } from './icons.tsx';
import { Isolate } from './isolate.tsx';
import { XrpAmount } from './xrp-amount.tsx';

/** A rule as Landing knows it (what it requires), or as the withdraw screen does (with progress). */
export type ShownRule = Pick<WithdrawRule, 'id' | 'required'> &
  Partial<Pick<WithdrawRule, 'met' | 'current'>>;

/**
 * No hidden conditions (docs/product-rules.md#no-hidden-conditions): every withdrawal rule the server enforces, from the server's one rule list, so nothing is
 * checked that is not shown. With progress, each rule says where the user stands.
 */
export function WithdrawRules({
  rules,
  inviteRule,
}: {
  rules: readonly ShownRule[];
  /** When an invitation counts, so the invitation rule says what it asks of friends. */
  inviteRule: InviteRule;
}) {
  return (
    <ul className="checklist" data-testid="withdraw-rules">
      {rules.map((rule) => (
        <li
          key={rule.id}
          className={rule.met === undefined ? 'is-rule' : rule.met ? 'is-met' : 'is-unmet'}
          data-rule={rule.id}
        >
          {rule.met === undefined ? (
            <span className="rule-bullet" aria-hidden="true" />
          ) : rule.met ? (
            <CheckIcon />
          ) : (
            <CloseIcon />
          )}
          <span>
            <RuleText rule={rule} inviteRule={inviteRule} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function RuleText({ rule, inviteRule }: { rule: ShownRule; inviteRule: InviteRule }) {
  switch (rule.id) {
    case 'min_balance': {
      const required = <XrpAmount amount={rule.required} />;
      if (rule.current === undefined) return <Trans>A balance of at least {required}</Trans>;
      const current = <XrpAmount amount={rule.current} />;
      return (
        <Trans>
          A balance of at least {required} (you have {current})
        </Trans>
      );
    }
    // A rule not met (or, on Landing, not known) says what to do; one met says what is done.
    case 'address_saved':
      return rule.met ? (
        <Trans>Your exchange address and tag are saved</Trans>
      ) : (
        <Trans>Save your exchange address and tag</Trans>
      );
    case 'address_settled': {
      const until = <Isolate dir="auto">{formatDateTime(Number(rule.required))}</Isolate>;
      return <Trans>A changed address is held until {until}</Trans>;
    }
    case 'bound_invitations': {
      const required = formatCount(Number(rule.required));
      const current = rule.current === undefined ? null : formatCount(Number(rule.current));
      // "Label: number" rather than "N friends": a count set by the operator (1, 2, 5...) then reads
      // right in every language, with no plural form to agree.
      switch (inviteRule) {
        case 'phone':
          return current === null ? (
            <Trans>
              Invited friends who verified a phone number no other invited friend used: {required}
            </Trans>
          ) : (
            <Trans>
              Invited friends who verified a phone number no other invited friend used: {required} (you have{' '}
              {current})
            </Trans>
          );
        case 'wallet':
          return current === null ? (
            <Trans>Invited friends who saved a withdrawal address: {required}</Trans>
          ) : (
            <Trans>
              Invited friends who saved a withdrawal address: {required} (you have {current})
            </Trans>
          );
        case 'phone_and_wallet':
          return current === null ? (
            <Trans>
              Invited friends who verified a phone number and saved a withdrawal address: {required}
            </Trans>
          ) : (
            <Trans>
              Invited friends who verified a phone number and saved a withdrawal address: {required} (you have{' '}
              {current})
            </Trans>
          );
      }
      break;
    }
    case 'phone_verified':
      return rule.met ? <Trans>Your phone number is verified</Trans> : <Trans>Verify your phone</Trans>;
  }
}
