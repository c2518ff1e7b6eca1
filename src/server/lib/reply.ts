import type { FastifyReply } from 'fastify';
import { RESULT } from '#contract/envelope.ts';
import { catalogueEntry, type AnyErrorCode } from '#contract/ops-errors.ts';
import type { Result } from '#domain/result.ts';

/** A success envelope. */
export function okEnvelope<T>(data: T, msg = 'ok') {
  return { code: RESULT.ok, msg, data };
}

/** The catalogue's failure envelope for a code, with optional detail fields. */
export function failureEnvelope(error: AnyErrorCode, detail: Record<string, unknown> = {}) {
  // Business code 303 marks "no session at all" so the app can say "Please log in first" (docs/product-rules.md#api-conventions).
  const code = error === 'auth.login_required' ? RESULT.loginRequired : RESULT.failed;
  return { code, msg: catalogueEntry(error).msg, data: { ...detail, error } };
}

/**
 * A refusal found deep inside a transaction (after its changes were made), thrown so that the
 * transaction rolls back; the error handler answers it with its catalogue code.
 */
export class CatalogueRefusal extends Error {
  readonly error: AnyErrorCode;
  constructor(error: AnyErrorCode) {
    super(error);
    this.name = 'CatalogueRefusal';
    this.error = error;
  }
}

/** Sends a success envelope. */
export function sendOk<T>(reply: FastifyReply, data: T, msg = 'ok') {
  return reply.code(200).send(okEnvelope(data, msg));
}

/** Sends the catalogue's failure for a code, with its HTTP status. */
export function sendFailure(reply: FastifyReply, error: AnyErrorCode, detail: Record<string, unknown> = {}) {
  return reply.code(catalogueEntry(error).status).send(failureEnvelope(error, detail));
}

/** Sends a service's Result: its value as a success, or its code (and detail) as the catalogue's failure. */
export function sendResult<T, E extends AnyErrorCode>(reply: FastifyReply, result: Result<T, E>, msg = 'ok') {
  return result.ok ? sendOk(reply, result.value, msg) : sendFailure(reply, result.error, result.detail);
}
