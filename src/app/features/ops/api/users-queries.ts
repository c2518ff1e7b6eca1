import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { OPS_API } from '#contract/ops.ts';
import {
  UserBanResponseSchema,
  UserDetailResponseSchema,
  UserSearchResponseSchema,
} from '#contract/ops-users.ts';
import { opsRequest } from './ops-http.ts';
import { opsKeys, opsQueryOptions } from './ops-queries.ts';

export const userKeys = {
  all: () => [...opsKeys.all, 'users'] as const,
  search: (q: string) => [...userKeys.all(), 'search', q] as const,
  detail: (id: number) => [...userKeys.all(), 'detail', id] as const,
};

export const userSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: userKeys.search(q),
    queryFn: () => opsRequest(OPS_API.users, UserSearchResponseSchema, { query: { q } }),
    enabled: q.trim() !== '',
  });

export const userDetailQueryOptions = (id: number) =>
  opsQueryOptions(userKeys.detail(id), OPS_API.user, UserDetailResponseSchema, { id });

/** Bans or lifts a ban, with the reason typed. */
export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ban, ...body }: { ban: boolean; user_id: number; reason: string }) =>
      opsRequest(ban ? OPS_API.userBan : OPS_API.userUnban, UserBanResponseSchema, {
        method: 'POST',
        json: body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.all }),
  });
}
