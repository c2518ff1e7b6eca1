import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RuleSettingName } from '#domain/rules/rule-settings.ts';

/** Each editable rule's name in the console, and where users see it. */
export const SETTING_LABELS: Record<RuleSettingName, { label: MessageDescriptor; shown: MessageDescriptor }> =
  {
    gift_xrp: { label: msg`New-user gift (XRP)`, shown: msg`Home, Landing` },
    apr_base_percent: { label: msg`Annual interest: base rate (%)`, shown: msg`Invite, Landing, the guides` },
    apr_step_percent: {
      label: msg`Annual interest: added per invitation that counts (%)`,
      shown: msg`Invite, Landing, the guides`,
    },
    apr_max_percent: {
      label: msg`Annual interest: highest rate (%)`,
      shown: msg`Invite, Landing, the guides`,
    },
    min_withdrawal_xrp: { label: msg`Minimum withdrawal (XRP)`, shown: msg`Withdraw rules, Landing` },
    waiting_days: {
      label: msg`Waiting period (days)`,
      shown: msg`Withdraw rules, Landing; a withdrawal keeps the period in force when it was asked for`,
    },
    withdraw_required_invitations: {
      label: msg`Invitations that count, required to withdraw`,
      shown: msg`Withdraw rules, Landing`,
    },
    withdraw_require_phone: {
      label: msg`Verified phone required to withdraw`,
      shown: msg`Withdraw rules, Landing`,
    },
    exchanges: {
      label: msg`Supported exchanges (JSON: name and deposit addresses)`,
      shown: msg`Withdrawal address screen; addresses already saved stay saved`,
    },
    support_url: {
      label: msg`Support link (https: or mailto:, empty for none)`,
      shown: msg({ message: 'Mine', context: 'user app screen' }),
    },
  };
