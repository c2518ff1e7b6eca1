import type { OpsWithdrawal } from '#contract/ops-withdrawals.ts';
import { formatAmount } from '#domain/money/amount.ts';
import { withdrawalEndTime } from '#domain/withdraw/waiting.ts';
import { epochSeconds } from '#server/clock.ts';
import type { PayoutRow } from '#server/features/withdraw/withdraw.service.ts';

/**
 * A withdrawal as the console's API describes it. It waits the period kept on its row (the one in force
 * when it was asked for); `waitingDays` is the configured one, for rows from before periods were kept.
 */
export function wireWithdrawal(row: PayoutRow, username: string, waitingDays: number): OpsWithdrawal {
  return {
    id: row.id,
    user_id: row.userId,
    username,
    amount: formatAmount(row.amount),
    address: row.address,
    tag: row.tag,
    status: row.status as OpsWithdrawal['status'],
    created_time: epochSeconds(row.createdAt),
    reduced_hours: row.reducedHours,
    due_time: Math.floor(
      withdrawalEndTime(row.createdAt.getTime(), row.waitingDays ?? waitingDays, row.reducedHours) / 1000,
    ),
    held_reason: row.heldReason,
    claimed_time: row.claimedByOperatorAt ? epochSeconds(row.claimedByOperatorAt) : null,
    signed: row.txBlob !== null,
    tx_hash: row.txHash,
    failure_reason: row.failureReason,
    settled_time: row.settledAt ? epochSeconds(row.settledAt) : null,
  };
}
