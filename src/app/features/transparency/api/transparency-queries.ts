import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  PaidWithdrawalsResponseSchema,
  TRANSPARENCY_API,
  TransparencySummaryResponseSchema,
} from '#contract/transparency.ts';
import { apiRequest } from '#app/lib/http.ts';
import { apiQueryOptions } from '#app/lib/api-query.ts';

export const transparencyKeys = {
  summary: () => ['transparency', 'summary'] as const,
  payouts: () => ['transparency', 'payouts'] as const,
};

/** The figures the server computed from the database and the ledger (docs/transparency.md). */
export const transparencySummaryQueryOptions = () =>
  apiQueryOptions(transparencyKeys.summary(), TRANSPARENCY_API.summary, TransparencySummaryResponseSchema, {
    // The server keeps them a few seconds; a minute here is fresh enough for a public page.
    staleTime: 60_000,
  });

/** Every paid withdrawal, a page at a time, newest first. */
export const paidWithdrawalsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: transparencyKeys.payouts(),
    queryFn: ({ pageParam }) =>
      apiRequest(TRANSPARENCY_API.payouts, PaidWithdrawalsResponseSchema, {
        ...(pageParam ? { searchParams: { before_id: String(pageParam) } } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });
