import { createFileRoute } from '@tanstack/react-router';
import { QUEUE_STATES } from '#contract/ops-withdrawals.ts';
import type { WithdrawalsSearch } from '#app/features/ops/components/withdrawals-page.tsx';
import { WithdrawalsPage } from '#app/features/ops/components/withdrawals-page.tsx';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value.slice(0, 64) : undefined);

export const Route = createFileRoute('/ops/withdrawals')({
  // Checked again by the server (WithdrawalQueueQuerySchema): here only the shape.
  validateSearch: (search: Record<string, unknown>): WithdrawalsSearch => {
    const state = text(search['state']);
    const days = Number(search['min_age_days']);
    return {
      state: QUEUE_STATES.find((candidate) => candidate === state),
      user: text(search['user']),
      min_age_days: Number.isInteger(days) && days >= 0 ? days : undefined,
    };
  },
  component: WithdrawalsPage,
});
