import { queryOptions } from '@tanstack/react-query';
import { API } from '#contract/paths.ts';
import { XrpRateResponseSchema } from '#contract/rates.ts';
import { apiRequest } from '#app/lib/http.ts';
import { queryKeys } from '#app/lib/query-keys.ts';

const FIVE_MINUTES = 5 * 60_000;

/** The approximate price of 1 XRP (docs/exchange-rate.md); null when no fresh price is known. */
export const xrpRateQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.rates.xrp(),
    queryFn: async () => (await apiRequest(API.xrpRate, XrpRateResponseSchema)).rate,
    // The server keeps the source's answer about this long: asking more often learns nothing.
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
  });
