import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { runIdempotent } from '#server/lib/idempotency.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { seedUsers } from '#tests/helpers/money-fixtures.ts';

// A model test of the ledger with its idempotency store: generated sequences of credits, debits
// (some overdrawing), replays of a key with the same payload and with another payload. After every
// step, each balance equals the model, equals the sum of its entries, and is never negative.
// `npm test` runs 2,000 sequences (a new random seed each run); `npm run test:model` runs 10,000
// (LEDGER_MODEL_RUNS to change the count).
const RUNS = Number(process.env['LEDGER_MODEL_RUNS'] ?? 2_000);

type Command =
  | { op: 'credit'; user: number; amount: bigint; key: number }
  | { op: 'debit'; user: number; amount: bigint; key: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('credit' as const),
    user: fc.nat(2),
    amount: fc.bigInt({ min: 1n, max: 10n ** 8n }).map((drops) => drops * 10n),
    key: fc.nat(4),
  }),
  fc.record({
    op: fc.constant('debit' as const),
    user: fc.nat(2),
    amount: fc.bigInt({ min: 1n, max: 2n * 10n ** 8n }).map((drops) => drops * 10n),
    key: fc.nat(4),
  }),
);

describe('ledger model (PGlite)', () => {
  let database: Database;
  let users: { id: number; sessionId: number }[];
  const clock = testClock();
  const model = new Map<number, bigint>();
  let sequence = 0;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    users = await seedUsers(database.db, 3, 'model');
    for (const u of users) model.set(u.id, 0n);
  });
  afterAll(() => database.close());

  it(`keeps every balance equal to the sum of its entries and never negative (${RUNS} sequences)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 4 }), async (commands) => {
        sequence += 1;
        // Keys are scoped to this sequence; within it, a key number may repeat (a replay).
        const firstPayload = new Map<string, string>();
        for (const c of commands) {
          const userId = users[c.user]?.id ?? 0;
          const key = `s${sequence}-k${c.key}`;
          const payload = `${c.op}:${c.amount}`;
          const amount = c.op === 'credit' ? c.amount : -c.amount;
          const expectedBefore = model.get(userId) ?? 0n;
          const scopeKey = `${userId}:${key}`;
          let outcome: string;
          try {
            const result = await runIdempotent(
              database.db,
              clock,
              { userId, sessionId: users[c.user]?.sessionId ?? 0, key, requestHash: payload },
              async (tx) => {
                await ledger.append(tx, {
                  userId,
                  // Adjustments either way: withdrawals and refunds are once per reference (one per
                  // withdrawal), a rule of their own, tested with the payout job.
                  kind: 'adjustment',
                  amount,
                  idempotencyKey: key,
                  reference: payload,
                  createdAt: clock.now(),
                });
                return { statusCode: 200, body: {} };
              },
            );
            outcome = result.kind;
          } catch {
            outcome = 'refused';
          }

          const first = firstPayload.get(scopeKey);
          if (first === undefined) {
            // A new key: credited unless it would overdraw, which the database refuses.
            const overdraws = expectedBefore + amount < 0n;
            expect(outcome).toBe(overdraws ? 'refused' : 'fresh');
            if (!overdraws) {
              model.set(userId, expectedBefore + amount);
              firstPayload.set(scopeKey, payload);
            }
          } else {
            expect(outcome).toBe(first === payload ? 'replay' : 'mismatch');
          }

          const balance = await ledger.balance(database.db, userId);
          expect(balance).toBe(model.get(userId));
          expect(await ledger.sum(database.db, userId)).toBe(balance);
          expect(balance >= 0n).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
