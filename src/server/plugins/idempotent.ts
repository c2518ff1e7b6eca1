import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, type ErrorCode } from '#contract/errors.ts';
import { IDEMPOTENCY_HEADER } from '#contract/paths.ts';
import type { SessionEndCode } from '#contract/sync.ts';
import type { Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import { isUniqueViolation, type Db } from '#server/db/database.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { requestHash, runIdempotent } from '#server/lib/idempotency.ts';
import { failureEnvelope, okEnvelope, sendFailure } from '#server/lib/reply.ts';
import { sessionOf } from './session.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body fields left out of the request's fingerprint: fields added after a release that drops
     * them, so that a retry meeting the other release during a rolling upgrade (docs/deploy.md) is
     * still the same request, not "already used for a different request".
     */
    fingerprintOmits?: readonly string[];
  }
}

/** What identifies a request's payload for its key: the validated body, less the fields the route omits. */
function fingerprintOf(request: FastifyRequest): unknown {
  const omitted = request.routeOptions.config.fingerprintOmits ?? [];
  const body: unknown = request.body;
  if (omitted.length === 0 || typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).filter(([field]) => !omitted.includes(field)));
}

/**
 * What a money-moving route does inside its transaction, holding the user's row lock (taken with the
 * idempotency key, `runIdempotent`): a credited answer or a refusal. `idempotencyKey` is the key its
 * ledger entry is filed under (`ledgerKeyOf`).
 */
export type MoneyWork = (tx: Db, idempotencyKey: string) => Promise<Result<unknown, ErrorCode>>;

/**
 * A request's ledger entry is filed under the client's key in a namespace of its own, so that no key
 * a client chooses can take the key of an entry the server writes itself (`refund:<withdrawal>`,
 * `phone-bonus:<user>`): that would refuse the refund or the bonus for good.
 */
export function ledgerKeyOf(requestKey: string): string {
  return `request:${requestKey}`;
}

/**
 * Answers a money-moving POST exactly once per Idempotency-Key (docs/product-rules.md#exactly-once): the first answer,
 * success or refusal, is stored with its ledger entry and replayed for the same key and payload. A
 * request whose session ended while it waited for the account (a sign-out of its device, a ban, a
 * deletion, a new password) moves nothing and stores nothing (`runIdempotent`), so the key is used
 * again once the user signs in anew.
 */
export function createIdempotentSender(
  db: Db,
  clock: Clock,
  /** What a session that ended while its request waited is told (auth's `refusalOf`). */
  refusalOf: (sessionId: number) => Promise<SessionEndCode>,
) {
  return async function sendIdempotent(request: FastifyRequest, reply: FastifyReply, work: MoneyWork) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) return sendFailure(reply, 'request.idempotency_key_required');

    const { userId, sessionId } = sessionOf(request);
    const hash = requestHash(request.method, request.routeOptions.url ?? request.url, fingerprintOf(request));
    const outcome = await runIdempotent(
      db,
      clock,
      { userId, sessionId, key, requestHash: hash },
      async (tx) => {
        const result = await work(tx, ledgerKeyOf(key));
        if (result.ok) return { statusCode: 200, body: okEnvelope(result.value) };
        return { statusCode: ERRORS[result.error].status, body: failureEnvelope(result.error) };
      },
    ).catch(async (error: unknown) => {
      // A key whose stored answer was forgotten (kept IDEMPOTENCY_KEPT_DAYS) runs as new; if the
      // ledger already files an entry under it, its first run was credited then. Said for good
      // (the offline queue would retry a server error for ever, holding the account's later actions).
      if (isUniqueViolation(error) && (await ledger.hasKey(db, userId, ledgerKeyOf(key)))) {
        return { kind: 'done_before' as const };
      }
      throw error;
    });

    switch (outcome.kind) {
      case 'session_ended':
        return sendFailure(reply, await refusalOf(sessionId));
      case 'fresh':
        return reply.code(outcome.response.statusCode).send(outcome.response.body);
      case 'replay':
        return reply
          .code(outcome.response.statusCode)
          .header('idempotent-replayed', 'true')
          .send(outcome.response.body);
      case 'mismatch':
        return sendFailure(reply, 'request.idempotency_mismatch');
      case 'in_flight':
        return sendFailure(reply, 'request.in_flight');
      case 'done_before':
        return sendFailure(reply, 'request.done_before');
    }
  };
}

export type IdempotentSender = ReturnType<typeof createIdempotentSender>;
