import { infiniteQueryOptions } from '@tanstack/react-query';
import { HistoryPageResponseSchema, type HistoryKind } from '#contract/history.ts';
import { API } from '#contract/paths.ts';
import { apiDownload, apiRequest } from '#app/lib/http.ts';

export const historyKeys = {
  all: ['history'] as const,
  list: (kind: HistoryKind | null) => [...historyKeys.all, kind ?? 'all'] as const,
};

/** The account's ledger page by page, newest first, optionally one kind of entry. */
export const historyQueryOptions = (kind: HistoryKind | null) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(kind),
    queryFn: ({ pageParam }) =>
      apiRequest(API.history, HistoryPageResponseSchema, {
        searchParams: {
          ...(kind ? { kind } : {}),
          ...(pageParam !== null ? { before: String(pageParam) } : {}),
        },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });

/** Saves the whole history as a CSV file on the device; false when it could not be downloaded. */
export async function downloadHistoryCsv(): Promise<boolean> {
  const blob = await apiDownload(API.historyCsv);
  if (!blob) return false;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'earnest-history.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
