import { queryOptions } from '@tanstack/react-query';
import { InviteListResponseSchema } from '#contract/invite.ts';
import { API } from '#contract/paths.ts';
import { apiRequest } from '#app/lib/http.ts';

/** The invite list is stale after 5 minutes (the client's default). */
export const inviteListQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'invites'],
    queryFn: () => apiRequest(API.inviteList, InviteListResponseSchema),
  });
