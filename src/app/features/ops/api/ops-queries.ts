import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import {
  AuditListResponseSchema,
  OPS_API,
  OpsEmptyResponseSchema,
  OpsMeResponseSchema,
  OpsSetupStartResponseSchema,
  OpsSignInResponseSchema,
  type AuditQuery,
} from '#contract/ops.ts';
import { opsRequest, type OpsRequestOptions } from './ops-http.ts';
import { opsSession } from './ops-session.ts';

/** The console's query keys: one root, so signing out forgets everything at once. */
export const opsKeys = {
  all: ['ops'] as const,
  me: () => [...opsKeys.all, 'me'] as const,
  audit: (query: AuditQuery) => [...opsKeys.all, 'audit', query] as const,
};

/** A console GET of one API path, cached under `queryKey`: the console's reads are mostly this. */
export function opsQueryOptions<K extends QueryKey, S extends z.core.$ZodType<{ data: unknown }>>(
  queryKey: K,
  path: string,
  schema: S,
  query?: OpsRequestOptions['query'],
) {
  return queryOptions({ queryKey, queryFn: () => opsRequest(path, schema, { query }) });
}

export const opsMeQueryOptions = () => opsQueryOptions(opsKeys.me(), OPS_API.me, OpsMeResponseSchema);

export const auditQueryOptions = (query: AuditQuery) =>
  opsQueryOptions(opsKeys.audit(query), OPS_API.audit, AuditListResponseSchema, query);

export function useOpsSignIn() {
  return useMutation({
    mutationFn: (input: { name: string; password: string; code: string }) =>
      opsRequest(OPS_API.signIn, OpsSignInResponseSchema, { method: 'POST', json: input }),
    onSuccess: (data) => opsSession.signIn({ token: data.token, operator: data.operator }),
  });
}

export function useOpsSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => opsRequest(OPS_API.signOut, OpsEmptyResponseSchema, { method: 'POST' }),
    onSettled: () => {
      opsSession.end('signed_out');
      queryClient.removeQueries({ queryKey: opsKeys.all });
    },
  });
}

export const setupStartQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...opsKeys.all, 'setup', token] as const,
    queryFn: () =>
      opsRequest(OPS_API.setupStart, OpsSetupStartResponseSchema, { method: 'POST', json: { token } }),
    staleTime: Infinity,
    retry: false,
  });

export function useOpsSetupFinish() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; confirm_password: string; code: string }) =>
      opsRequest(OPS_API.setupFinish, OpsEmptyResponseSchema, { method: 'POST', json: input }),
  });
}
