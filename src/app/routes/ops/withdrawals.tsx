import { createFileRoute } from '@tanstack/react-router';
import type { WithdrawalsSearch } from '#app/features/ops/components/withdrawals-page.tsx';
import { WithdrawalsPage } from '#app/features/ops/components/withdrawals-page.tsx';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value.slice(0, 64) : undefined);

export const Route = createFileRoute('/ops/withdrawals')({
  // Only the shape, kept small for the route tree: the page drops a state it does not know, and the
  // server checks everything again (WithdrawalQueueQuerySchema).
  validateSearch: (search: Record<string, unknown>): WithdrawalsSearch => {
    const state = text(search['state']);
    const days = Number(search['min_age_days']);
    return {
      state: state as WithdrawalsSearch['state'],
      user: text(search['user']),
      min_age_days: Number.isInteger(days) && days >= 0 ? days : undefined,
    };
  },
  component: WithdrawalsPage,
});
