import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '#server/clock.ts';
import { isLockTimeout, rowsOf, type Db } from '#server/db/database.ts';
import { namedStatement } from '#server/db/named-statement.ts';
import { activeLocks } from '#server/db/account-locks.ts';
import { idempotencyKeys, sessions, users } from '#server/db/schema.ts';
import { sessionLive } from '#server/db/session-live.ts';

export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

export type IdempotentOutcome =
  | { kind: 'fresh'; response: StoredResponse }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'in_flight' }
  /** The session ended (or the account closed) while the request waited: nothing was stored. */
  | { kind: 'session_ended' };

/** A fingerprint of what a request asks for: the same key must always ask the same. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path} ${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/** How long a duplicate waits for the first request before it is told "in flight". */
const WAIT_FOR_FIRST_MS = 10_000;
/** The status of a claimed key whose answer is not written yet (only its own transaction sees it). */
const PENDING = 0;

// The key's claim, in one round trip: it sets the lock timeout (for the rest of the transaction) in
// the statement that may wait on the first request's lock, before it inserts; a claimed key then
// takes the user's row lock too (`ledger.lockUser`'s lock, NO KEY UPDATE for the reason given there).
const claimStatement = namedStatement<{
  lockTimeoutMs: string;
  userId: number;
  key: string;
  requestHash: string;
  now: string;
}>(
  'idempotency_claim',
  (p) => sql`
  with timeout as (select set_config('lock_timeout', ${p.lockTimeoutMs}, true)),
  claimed as (
    insert into ${idempotencyKeys} (user_id, key, request_hash, status_code, response, created_at)
    select ${p.userId}, ${p.key}, ${p.requestHash}, ${PENDING}, '{}'::jsonb, ${p.now}::timestamptz
    from timeout
    on conflict do nothing
    returning key
  )
  select claimed.key from claimed join ${users} on ${users.id} = ${p.userId}
  for no key update of ${users}`,
);

// The answer is stored only while the request's session still lets the account in. This statement
// runs after the work, holding the user's lock, on a snapshot of its own: a sign-out of the device,
// a ban, a deletion or a new password that committed while the request waited for the lock (or ran)
// is seen, and the whole transaction rolls back. Checked here, it costs no round trip of its own.
const answerStatement = namedStatement<{
  userId: number;
  key: string;
  statusCode: number;
  response: string;
  sessionId: number;
  now: string;
}>(
  'idempotency_answer',
  (p) => sql`
  update ${idempotencyKeys} set status_code = ${p.statusCode}, response = ${p.response}::jsonb
  where user_id = ${p.userId} and key = ${p.key}
    and exists (
      select 1 from ${sessions}
      where ${sessions.id} = ${p.sessionId} and ${sessions.userId} = ${p.userId}
        and ${sessionLive(sql`${p.now}::timestamptz`)}
        and not exists (${activeLocks(p.userId, sql`${p.now}::timestamptz`)}))
  returning key`,
);

/**
 * How long a key and its first answer are kept. A key only has to outlive every replay of its request,
 * and the app's offline queue never gives up on one (docs/decisions/005-our-own-offline-queue.md): an
 * entry waits offline, then for a sign-in once its session has lapsed (SESSION_TTL_DAYS, 30 by
 * default), and is sent again with its key whenever the app next runs. No finite time covers every
 * device left in a drawer, so the time is long against what happens in practice: three times the
 * default session lifetime. A replay that comes even later finds no key and is run as a new request,
 * which credits nothing twice: its ledger entry is filed under the same key (`request:<key>`) and
 * the ledger's unique (user_id, idempotency_key) index refuses it, as the once-per-reference index
 * refuses a second credit for the same task, day or gift (docs/product-rules.md#exactly-once).
 */
export const IDEMPOTENCY_KEPT_DAYS = 90;

/** Keys deleted per prune at most: a backlog is worked off over several passes, none of them long. */
const PRUNE_BATCH = 10_000;

/**
 * Forgets the keys made before `before` (at most PRUNE_BATCH of them, oldest first); how many it
 * forgot. Run by the server's periodic pass (`sendScheduledPushes`).
 */
export async function pruneIdempotencyKeys(db: Db, before: Date): Promise<number> {
  const oldest = db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .orderBy(idempotencyKeys.createdAt)
    .limit(PRUNE_BATCH);
  const gone = await db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (${oldest})`)
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** Thrown inside the transaction to roll it back when the session no longer lets the account in. */
class SessionEnded extends Error {}

/**
 * Runs a money-moving operation exactly once per (user, Idempotency-Key), with the semantics of
 * Stripe and the IETF draft: the first request's answer is stored in the SAME transaction as its
 * ledger entry; a replay with the same payload gets that answer back and changes nothing; the same
 * key with another payload is refused; a duplicate that arrives while the first is still running
 * waits for it (the primary key's lock), and is told "in flight" (409) only if that takes too long.
 * Uniqueness is the database's job, not a check-then-insert: that double-credits on PostgreSQL.
 * A 5xx (thrown error) rolls everything back, so the key can be retried.
 */
export async function runIdempotent(
  db: Db,
  clock: Clock,
  scope: { userId: number; sessionId: number; key: string; requestHash: string },
  work: (tx: Db) => Promise<StoredResponse>,
  waitForFirstMs = WAIT_FOR_FIRST_MS,
): Promise<IdempotentOutcome> {
  try {
    return await db.transaction(async (tx) => {
      // Every money request moves its user's balance and its work needs that lock first: the work
      // runs holding it. A replay takes no lock, and waits for nothing but the key.
      const claimed = rowsOf<{ key: string }>(
        await claimStatement.run(tx, {
          lockTimeoutMs: String(Math.max(1, Math.floor(waitForFirstMs))),
          userId: scope.userId,
          key: scope.key,
          requestHash: scope.requestHash,
          now: clock.now().toISOString(),
        }),
      );

      if (claimed.length === 0) {
        const [stored] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)));
        if (!stored) throw new Error('idempotency row vanished');
        // Our own claim, made for a user who does not exist: nothing to lock, nothing to run.
        if (stored.statusCode === PENDING) throw new Error(`no user ${scope.userId} to lock`);
        if (stored.requestHash !== scope.requestHash) return { kind: 'mismatch' as const };
        return {
          kind: 'replay' as const,
          response: { statusCode: stored.statusCode, body: stored.response },
        };
      }

      const response = await work(tx);
      const answered = rowsOf<{ key: string }>(
        await answerStatement.run(tx, {
          userId: scope.userId,
          key: scope.key,
          statusCode: response.statusCode,
          response: JSON.stringify(response.body),
          sessionId: scope.sessionId,
          now: clock.now().toISOString(),
        }),
      );
      if (answered.length === 0) throw new SessionEnded();
      return { kind: 'fresh' as const, response };
    });
  } catch (error) {
    if (isLockTimeout(error)) return { kind: 'in_flight' };
    if (error instanceof SessionEnded) return { kind: 'session_ended' };
    throw error;
  }
}
