import { queryOptions } from '@tanstack/react-query';
import { OPS_API } from '#contract/ops.ts';
import { DashboardResponseSchema } from '#contract/ops-dashboard.ts';
import { opsRequest } from './ops-http.ts';
import { opsKeys } from './ops-queries.ts';

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...opsKeys.all, 'dashboard'] as const,
    queryFn: () => opsRequest(OPS_API.dashboard, DashboardResponseSchema),
    // The figures are computed when asked; a minute old is recent enough to act on.
    refetchInterval: 60_000,
  });
