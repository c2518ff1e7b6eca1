import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The ledger's kinds of entry as the console names them; an unknown kind is shown as it is stored. */
export const LEDGER_KIND_LABELS: Record<string, MessageDescriptor> = {
  task: msg({ message: 'Tasks', context: 'ledger kind' }),
  interest: msg({ message: 'Interest', context: 'ledger kind' }),
  gift: msg({ message: 'New-user gift', context: 'ledger kind' }),
  phone_bonus: msg({ message: 'Phone bonus', context: 'ledger kind' }),
  withdrawal: msg({ message: 'Withdrawal', context: 'ledger kind' }),
  refund: msg({ message: 'Refund', context: 'ledger kind' }),
  adjustment: msg({ message: 'Adjustment', context: 'ledger kind' }),
};
