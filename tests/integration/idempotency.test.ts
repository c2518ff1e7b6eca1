import { expect, it } from 'vitest';
import { testClock } from '#tests/helpers/test-clock.ts';
import { runIdempotent } from '#server/lib/idempotency.ts';
import { describeOnPostgres, useTestDatabase } from '#tests/helpers/databases.ts';
import { seedUser } from '#tests/helpers/money-fixtures.ts';

/** A promise and the hand that settles it. */
function gate() {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

// A duplicate that arrives while the first request is still running waits on the key's row lock; a
// lock held longer than the wait is answered "in flight", never run twice. Waiting on a row lock
// needs a second connection: a PostgreSQL question.
await describeOnPostgres('the idempotency key', (backend) => {
  const database = useTestDatabase(backend);

  it('answers a duplicate "in flight" while the first still runs, then replays the first answer', async () => {
    const user = await seedUser(database.db, 'idem');
    const clock = testClock();
    const scope = { userId: user.id, sessionId: user.sessionId, key: 'key-1', requestHash: 'same' };
    const started = gate();
    const release = gate();
    let runs = 0;
    const first = runIdempotent(database.db, clock, scope, async () => {
      runs += 1;
      started.open();
      await release.opened;
      return { statusCode: 200, body: { credited: 1 } };
    });
    await started.opened;

    const duplicate = await runIdempotent(
      database.db,
      clock,
      scope,
      async () => {
        runs += 1;
        return { statusCode: 200, body: { credited: 2 } };
      },
      200,
    );
    expect(duplicate).toEqual({ kind: 'in_flight' });

    release.open();
    expect(await first).toEqual({ kind: 'fresh', response: { statusCode: 200, body: { credited: 1 } } });
    const later = await runIdempotent(database.db, clock, scope, async () => {
      runs += 1;
      return { statusCode: 200, body: { credited: 3 } };
    });
    expect(later).toEqual({ kind: 'replay', response: { statusCode: 200, body: { credited: 1 } } });
    expect(runs).toBe(1);
  });
});
