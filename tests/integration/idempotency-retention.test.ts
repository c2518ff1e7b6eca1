import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { IDEMPOTENCY_HEADER } from '#contract/paths.ts';
import { readEnvelope, replayVerdict } from '#contract/sync.ts';
import { ok } from '#domain/result.ts';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, sessions } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/database.ts';
import { sendScheduledPushes } from '#server/features/push/push-schedule.ts';
import type { PushSender } from '#server/features/push/push-sender.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { IDEMPOTENCY_KEPT_DAYS, runIdempotent } from '#server/lib/idempotency.ts';
import { createIdempotentSender, ledgerKeyOf } from '#server/plugins/idempotent.ts';
import { DEFAULT_RULES } from '#domain/rules/product-rules.ts';
import { backends, useTestDatabase } from '#tests/helpers/databases.ts';
import { seedUser } from '#tests/helpers/money-fixtures.ts';
import { testClock } from '#tests/helpers/test-clock.ts';

const DAY = 86_400_000;

/** A sender that has nobody to reach: the pass is run for its housekeeping. */
const noPushes: PushSender = {
  publicKey: '',
  sendToUser: () => Promise.resolve({ sent: 0, removed: 0 }),
  sendToToken: () => Promise.reject(new Error('no push in this test')),
  close: () => undefined,
};

describe.each(await backends())('idempotency keys kept for a time on $name', (backend) => {
  const database = useTestDatabase(backend);

  it('are forgotten by the periodic pass once old, and a replay then still credits nothing twice', async () => {
    const db = database.db;
    const clock = testClock();
    const user = await seedUser(db, 'kept');
    // The session outlives the months this test moves through.
    await db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() + 400 * DAY) })
      .where(eq(sessions.id, user.sessionId));
    const creditOnce = (key: string) =>
      runIdempotent(
        db,
        clock,
        { userId: user.id, sessionId: user.sessionId, key, requestHash: `hash-${key}` },
        async (tx) => {
          await ledger.appendLocked(tx, {
            userId: user.id,
            kind: 'adjustment',
            amount: 10n,
            idempotencyKey: ledgerKeyOf(key),
            reference: key,
            createdAt: clock.now(),
          });
          return { statusCode: 200, body: { key } };
        },
      );
    const keys = async () =>
      (await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id)))
        .map((row) => row.key)
        .sort();
    const pass = () =>
      sendScheduledPushes({ db, clock, rules: DEFAULT_RULES, timeZone: 'UTC', sender: noPushes });

    expect((await creditOnce('old')).kind).toBe('fresh');
    clock.advance(IDEMPOTENCY_KEPT_DAYS * DAY - 3_600_000);
    expect((await creditOnce('recent')).kind).toBe('fresh');
    // Still within its time, the old key answers a replay with its first answer.
    expect((await creditOnce('old')).kind).toBe('replay');

    await pass();
    expect(await keys()).toEqual(['old', 'recent']);

    // Two hours later the old key is past its time: the next pass forgets it, and only it.
    clock.advance(2 * 3_600_000);
    await pass();
    expect(await keys()).toEqual(['recent']);

    // A replay that comes later still runs as a new request, and the ledger's own unique
    // (user_id, idempotency_key) index refuses its entry: the whole request rolls back.
    const late = await creditOnce('old').then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(late, 'ledger_entries_user_key_unique')).toBe(true);
    expect(await keys()).toEqual(['recent']);
    expect(await ledger.balance(db, user.id)).toBe(20n);
    expect(await ledger.sum(db, user.id)).toBe(20n);
  });

  it('a request replayed after its key was forgotten is told it was carried out before, for good, and moves nothing', async () => {
    const db = database.db;
    const clock = testClock();
    const user = await seedUser(db, 'late');
    // One money route, as the app's are made: its entry filed under the request's key.
    const app = Fastify();
    app.decorateRequest('session', null);
    app.addHook('preHandler', async (request) => {
      request.session = { userId: user.id, sessionId: user.sessionId, linkedAt: null };
    });
    // Its session never ends here: what an ended one is told is the account races' to show.
    const sendIdempotent = createIdempotentSender(db, clock, () => Promise.resolve('auth.session_expired'));
    let otherKey: string | null = null;
    app.post('/credit', (request, reply) =>
      sendIdempotent(request, reply, async (tx, ledgerKey) => {
        const balance = await ledger.appendLocked(tx, {
          userId: user.id,
          kind: 'adjustment',
          amount: 10n,
          // A clash on another key than the request's own is a fault, not a request done before.
          idempotencyKey: otherKey ?? ledgerKey,
          reference: ledgerKey,
          createdAt: clock.now(),
        });
        return ok({ balance: String(balance) });
      }),
    );
    await app.ready();
    const credit = (key: string) =>
      app.inject({ method: 'POST', url: '/credit', headers: { [IDEMPOTENCY_HEADER]: key }, payload: {} });
    try {
      expect((await credit('queued-long-ago')).statusCode).toBe(200);
      // The periodic pass forgot its stored answer (as it does after IDEMPOTENCY_KEPT_DAYS).
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));

      for (let replay = 0; replay < 2; replay++) {
        const late = await credit('queued-long-ago');
        expect(late.statusCode).toBe(409);
        expect(late.json()).toMatchObject({ data: { error: 'request.done_before' } });
        // The offline queue takes it as done (it was credited when first sent), rather than retrying
        // it for ever or telling the user nothing was credited.
        expect(replayVerdict({ status: late.statusCode, ...readEnvelope(late.json()) })).toBe('done');
      }
      expect(await ledger.balance(db, user.id)).toBe(10n);

      otherKey = ledgerKeyOf('queued-long-ago');
      expect((await credit('a-new-key')).statusCode).toBe(500);
      expect(await ledger.sum(db, user.id)).toBe(10n);
    } finally {
      await app.close();
    }
  });
});
