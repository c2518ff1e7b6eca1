import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPS_API } from '#contract/ops.ts';
import {
  WithdrawalActionResponseSchema,
  WithdrawalQueueResponseSchema,
  type WithdrawalQueueQuery,
} from '#contract/ops-withdrawals.ts';
import { opsRequest } from './ops-http.ts';
import { opsKeys } from './ops-queries.ts';

export const withdrawalKeys = {
  all: () => [...opsKeys.all, 'withdrawals'] as const,
  queue: (query: WithdrawalQueueQuery) => [...withdrawalKeys.all(), query] as const,
};

export const fetchWithdrawalQueue = (query: WithdrawalQueueQuery & { after_id?: number }) =>
  opsRequest(OPS_API.withdrawals, WithdrawalQueueResponseSchema, { query });

/** What an operator may do to a withdrawal, each one path of the API. */
export const WITHDRAWAL_ACTIONS = {
  payNow: OPS_API.withdrawalPayNow,
  claim: OPS_API.withdrawalClaim,
  release: OPS_API.withdrawalRelease,
  markPaid: OPS_API.withdrawalMarkPaid,
  reject: OPS_API.withdrawalReject,
} as const;
export type WithdrawalAction = keyof typeof WITHDRAWAL_ACTIONS;

export function useWithdrawalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      ...body
    }: {
      action: WithdrawalAction;
      id: number;
      reason: string;
      tx_hash?: string;
    }) =>
      opsRequest(WITHDRAWAL_ACTIONS[action], WithdrawalActionResponseSchema, { method: 'POST', json: body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.all }),
  });
}
