import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OpsWithdrawal, QueueState } from '#contract/ops-withdrawals.ts';
import type { WithdrawalAction } from '../api/withdrawals-queries.ts';

/** The queue's filter states as the console names them. */
export const QUEUE_STATE_LABELS: Record<QueueState, MessageDescriptor> = {
  open: msg`Open (waiting or being paid)`,
  processing: msg`In the waiting period`,
  transferring: msg`Due, being paid`,
  held: msg`Held`,
  claimed: msg`Claimed to pay by hand`,
  success: msg`Paid`,
  failed: msg`Rejected or failed (refunded)`,
  all: msg`All`,
};

/** A withdrawal's state in a word or two. */
export const WITHDRAWAL_STATUS_LABELS: Record<OpsWithdrawal['status'], MessageDescriptor> = {
  processing: msg({ message: 'Waiting period', context: 'withdrawal status' }),
  transferring: msg({ message: 'Due', context: 'withdrawal status' }),
  success: msg({ message: 'Paid', context: 'withdrawal status' }),
  failed: msg({ message: 'Refunded', context: 'withdrawal status' }),
};

/** The actions' buttons. */
export const ACTION_LABELS: Record<WithdrawalAction, MessageDescriptor> = {
  payNow: msg`Pay now`,
  claim: msg`Claim to pay by hand`,
  release: msg`Give back to the payout job`,
  markPaid: msg`Record as paid`,
  reject: msg`Reject and refund`,
};

/** What each action does, said before the operator confirms it. */
export const ACTION_HELP: Record<WithdrawalAction, MessageDescriptor> = {
  payNow: msg`The payment is signed with the payout key and sent to the XRP Ledger now, as the payout job would. It is final once the ledger validates it.`,
  claim: msg`The payout job leaves this withdrawal alone until you record its transaction hash or give it back.`,
  release: msg`The payout job pays it on its next pass. Do this only if you have not sent the payment yourself.`,
  markPaid: msg`Paste the hash of the payment you sent. Where the XRP Ledger is configured, it must be validated, successful, to this address and tag, and of exactly this amount.`,
  reject: msg`The withdrawal ends and its amount goes back to the user's balance as one refund entry. The user is shown your reason.`,
};
