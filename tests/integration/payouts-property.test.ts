import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { Wallet } from 'xrpl';
import { xrp } from '#domain/money/amount.ts';
import { DEFAULT_RULES } from '#domain/rules/product-rules.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { ledgerEntries, withdrawals } from '#server/db/schema.ts';
import { runPayoutOnce, type PayoutStep } from '#server/features/payouts/payout-job.ts';
import { connectXrplPayer } from '#server/features/payouts/xrpl-payer.ts';
import type { FakeOutcome } from '#tests/fakes/fake-rippled.ts';
import { backends } from '#tests/helpers/databases.ts';
import { credit, post, seedUser, setTestAddress } from '#tests/helpers/money-fixtures.ts';
import { usePayoutTestbed } from '#tests/helpers/payout-testbed.ts';

// For any interleaving of ledger closes, lagging lookups, history gaps, busy answers, dropped
// connections, outcomes and crashes after any step of the payout job: once every withdrawal is final,
// each one was either paid on the ledger or refunded — exactly one of the two, never both, never none
// (docs/payouts.md). The fake rippled is the unkind one of tests/fakes/fake-rippled.ts.

const RULES = { ...DEFAULT_RULES, waitingDays: 0 };
const seed = Wallet.generate().seed ?? '';
const RUNS = Number(process.env['PAYOUT_PROPERTY_RUNS'] ?? 25);
class Crash extends Error {}

type Event =
  | { kind: 'pass'; crashAt: PayoutStep | null }
  | { kind: 'close' }
  | { kind: 'lag' }
  | { kind: 'gap'; on: boolean }
  | { kind: 'busy'; requests: number }
  | { kind: 'disconnect' }
  | { kind: 'outcome'; outcome: FakeOutcome };

const event: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pass' as const),
      crashAt: fc.constantFrom(null, null, 'signed' as const, 'submitted' as const, 'settled' as const),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'close' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'lag' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('gap' as const), on: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('busy' as const), requests: fc.integer({ min: 1, max: 3 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'disconnect' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('outcome' as const),
      outcome: fc.constantFrom<FakeOutcome>(
        'tesSUCCESS',
        'tesSUCCESS',
        'tecNO_DST_INSUF_XRP',
        'never-included',
      ),
    }),
  },
);

describe.each(await backends())('payouts under any interleaving on $name', (backend) => {
  const clock = testClock();
  const testbed = usePayoutTestbed({ backend, clock, closeMs: 5 });
  let tag = 50_000;

  async function dueWithdrawal() {
    const user = await seedUser(testbed.database.db, 'prop');
    await credit(testbed.database.db, user.id, xrp(120), `seed-${user.id}`, clock.now());
    const userTag = tag++;
    await setTestAddress(testbed.database.db, user.id, userTag, clock.now());
    await post(testbed.app, '/api/user/setWithdrawStatus', user.token, {}, `w-${user.id}`);
    const [row] = await testbed.database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    return { id: row?.id ?? 0, userId: user.id, tag: userTag };
  }

  async function pass(crashAt: PayoutStep | null) {
    const payer = await connectXrplPayer(testbed.rippled.url, seed).catch(() => null);
    if (!payer) return;
    try {
      await runPayoutOnce({
        db: testbed.database.db,
        clock,
        rules: RULES,
        payer,
        afterStep: (step) => {
          if (step === crashAt) throw new Crash(step);
        },
      });
    } catch {
      // A crash, a busy server or a dropped connection: the next pass picks up where this one stopped.
    } finally {
      await payer.close().catch(() => undefined);
    }
  }

  it(`paid on the ledger + refunded = exactly 1 for every withdrawal (${RUNS} interleavings)`, async () => {
    // xrpl.js prints the busy answers it gets while connecting; they are the point here, not news.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { database, rippled } = testbed;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 5, maxLength: 25 }), async (events) => {
        const due = [await dueWithdrawal(), await dueWithdrawal()];
        for (const e of events) {
          if (e.kind === 'pass') await pass(e.crashAt);
          if (e.kind === 'close') await new Promise((r) => setTimeout(r, 15));
          if (e.kind === 'lag') rippled.onSubmit = (hash) => void rippled.lagOnce.add(hash);
          if (e.kind === 'gap') rippled.historyFrom = e.on ? Number.MAX_SAFE_INTEGER : 1;
          if (e.kind === 'busy') rippled.busyNext = e.requests;
          if (e.kind === 'disconnect') rippled.disconnectAll();
          if (e.kind === 'outcome') rippled.outcome = e.outcome;
        }
        // The storm passes: a kind server with its history; everything becomes final.
        rippled.onSubmit = null;
        rippled.historyFrom = 1;
        rippled.busyNext = 0;
        rippled.outcome = 'tesSUCCESS';
        for (let i = 0; i < 300; i++) {
          const rows = await Promise.all(
            due.map(
              async (d) => (await database.db.select().from(withdrawals).where(eq(withdrawals.id, d.id)))[0],
            ),
          );
          if (rows.every((row) => row?.status === 'success' || row?.status === 'failed')) break;
          await pass(null);
          await new Promise((r) => setTimeout(r, 10));
        }
        for (const d of due) {
          const [row] = await database.db.select().from(withdrawals).where(eq(withdrawals.id, d.id));
          const paidOnLedger = [...rippled.applied.values()].filter(
            (entry) => entry.tx['DestinationTag'] === d.tag && entry.result === 'tesSUCCESS',
          ).length;
          const refunds = (
            await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, d.userId))
          ).filter((entry) => entry.kind === 'refund').length;
          expect(paidOnLedger + refunds).toBe(1);
          expect(row?.status).toBe(paidOnLedger === 1 ? 'success' : 'failed');
        }
        checked += 1;
      }),
      { numRuns: RUNS },
    );
    quiet.mockRestore();
    console.log(
      `payout interleavings on ${backend.name}: ${checked} runs, every withdrawal paid or refunded exactly once`,
    );
  }, 600_000);
});
