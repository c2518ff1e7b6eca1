import { z } from 'zod/mini';
import { EnvelopeCodeSchema, FailureSchema, RESULT } from '#contract/envelope.ts';
import { isErrorCode } from '#contract/errors.ts';
import { OPS_TOKEN_HEADER } from '#contract/ops.ts';
import { isOpsErrorCode, type AnyErrorCode } from '#contract/ops-errors.ts';
import { opsSession } from './ops-session.ts';

/** A console request that did not succeed: a code of either catalogue, or the network. */
export class OpsApiError extends Error {
  readonly code: AnyErrorCode | 'network.failed';
  readonly status: number | null;
  readonly detail: Record<string, unknown>;

  constructor(
    code: AnyErrorCode | 'network.failed',
    status: number | null,
    detail: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'OpsApiError';
    this.code = code;
    this.status = status;
    this.detail = detail;
  }
}

export interface OpsRequestOptions {
  method?: 'GET' | 'POST';
  json?: unknown;
  query?: Record<string, string | number | undefined>;
}

/**
 * One console API call with the operator's token, its `data` checked against the contract. A refused
 * session ends the console session (the layout then shows the sign-in page and says why). The user
 * app's HTTP client is not used: it carries the user's token, and the console must never.
 */
export async function opsRequest<S extends z.core.$ZodType<{ data: unknown }>>(
  path: string,
  schema: S,
  { method = 'GET', json, query }: OpsRequestOptions = {},
): Promise<z.output<S>['data']> {
  const token = opsSession.token();
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  let response: Response;
  try {
    response = await fetch(search.size ? `${path}?${search}` : path, {
      method,
      headers: {
        ...(token ? { [OPS_TOKEN_HEADER]: token } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(json ?? {}) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new OpsApiError('network.failed', null);
  }
  const body: unknown = await response.json().catch(() => null);
  const failure = FailureSchema.safeParse(body);
  const error = failure.success ? failure.data.data.error : null;
  if (response.status === 401 && (error === 'ops.session_expired' || error === 'ops.login_required')) {
    if (opsSession.token()) opsSession.end('expired');
    throw new OpsApiError(error, 401);
  }
  if (response.ok && EnvelopeCodeSchema.safeParse(body).data?.code === RESULT.ok) {
    const parsed = z.safeParse(schema, body);
    if (parsed.success) return parsed.data.data;
    throw new OpsApiError('server.error', response.status);
  }
  if (failure.success) {
    const { error: code, ...detail } = failure.data.data;
    throw new OpsApiError(
      isOpsErrorCode(code) || isErrorCode(code) ? code : 'server.error',
      response.status,
      detail,
    );
  }
  throw new OpsApiError('server.error', response.status);
}
