import { queryOptions } from '@tanstack/react-query';
import { InviteListResponseSchema } from '#contract/invite.ts';
import { API } from '#contract/paths.ts';
import { apiRequest } from '#app/lib/http.ts';
import { queryKeys } from '#app/lib/query-keys.ts';

/** The invite list is stale after 5 minutes (the client's default). */
export const inviteListQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.invites(),
    queryFn: () => apiRequest(API.inviteList, InviteListResponseSchema),
  });
