import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { OPS_API } from '#contract/ops.ts';
import type { OpsWithdrawal } from '#contract/ops-withdrawals.ts';
import { API } from '#contract/paths.ts';
import type { WithdrawLog } from '#contract/withdraw.ts';
import { xrp } from '#domain/money/amount.ts';
import { DEFAULT_RULES } from '#domain/rules/product-rules.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { auditLog, ledgerEntries, operators, withdrawals } from '#server/db/schema.ts';
import { epochSeconds } from '#server/clock.ts';
import { runPayoutOnce } from '#server/features/payouts/payout-job.ts';
import { connectXrplPayer, type Payer } from '#server/features/payouts/xrpl-payer.ts';
import { payoutActions } from '#server/features/payouts/operator.ts';
import { CLI } from '#server/features/ops/ops.service.ts';
import { startFakeRippled } from '#tests/fakes/fake-rippled.ts';
import { envelope, getAs, useStarted, useTestApp } from '#tests/helpers/app.ts';
import { seedWithdrawals } from '#tests/helpers/money-fixtures.ts';
import {
  consoleActorOf,
  createOperator,
  operatorsService,
  opsRequest,
  opsToken,
} from '#tests/helpers/operators.ts';

// The console's withdrawals against a fake rippled: the queue and its filters, pay now, a payment by
// hand recorded with its hash (checked on the ledger), a rejection with its refund, each audited.
const seed = Wallet.generate().seed ?? '';
const rippled = useStarted(() => startFakeRippled({ closeMs: 20 }));
const clock = testClock();
const handle = useTestApp(() => ({
  clock,
  env: { XRPL_URL: rippled.value.url, XRPL_SEED: seed, WAITING_DAYS: '0' },
}));

type Data = Record<string, unknown> & { error?: string };
const RULES = { ...DEFAULT_RULES, waitingDays: 0 };

describe('withdrawals in the console', () => {
  it('lists, pays now, records a hand payment, rejects with a refund, and audits each', async () => {
    const { app, database } = handle;
    const db = database.db;
    const admin = await createOperator(app, db, clock, 'wd.admin');
    const support = await createOperator(app, db, clock, 'wd.support', 'support');
    const token = await opsToken(app, admin, clock);
    const supportToken = await opsToken(app, support, clock);
    const call = async (path: string, body?: object, as = token): Promise<{ status: number; data: Data }> => {
      const response = await opsRequest(app, body ? 'POST' : 'GET', path, as, body);
      return { status: response.statusCode, data: envelope(response).data };
    };
    const seeded = await seedWithdrawals(app, db, 3, { prefix: 'wd', firstTag: 8100, amount: xrp(140) });
    const [toPay, byHand, toReject] = seeded;
    if (!toPay || !byHand || !toReject) throw new Error('no withdrawals');
    // Due at once (no waiting period): the job's first step moves them to "transferring" only.
    await runPayoutOnce({ db, clock, rules: RULES, payer: null });

    const queue = await call(`${OPS_API.withdrawals}?state=open&user=wd-`);
    const listed = queue.data['list'] as OpsWithdrawal[];
    expect(listed.map((row) => row.id)).toEqual(seeded.map((row) => row.withdrawalId));
    expect(listed[0]).toMatchObject({
      status: 'transferring',
      amount: '140',
      signed: false,
      claimed_time: null,
    });
    expect(queue.data['can_pay_now']).toBe(true);
    expect(
      ((await call(`${OPS_API.withdrawals}?state=success&user=wd-`)).data['list'] as unknown[]).length,
    ).toBe(0);
    expect(
      ((await call(`${OPS_API.withdrawals}?state=open&min_age_days=2`)).data['list'] as unknown[]).length,
    ).toBe(0);

    // Pay now: signed and sent at once; the ledger's word comes on the job's next pass.
    const paid = await call(OPS_API.withdrawalPayNow, { id: toPay.withdrawalId });
    expect(paid.status).toBe(200);
    expect((paid.data['withdrawal'] as OpsWithdrawal).signed).toBe(true);

    // By hand: claimed first, so the payout job leaves it alone.
    expect(
      (await call(OPS_API.withdrawalMarkPaid, { id: byHand.withdrawalId, tx_hash: 'AB'.repeat(32) })).data
        .error,
    ).toBe('ops.claim_first');
    expect((await call(OPS_API.withdrawalClaim, { id: byHand.withdrawalId }, supportToken)).status).toBe(403);
    expect((await call(OPS_API.withdrawalClaim, { id: byHand.withdrawalId })).status).toBe(200);

    // Support may reject: a reason is required, the refund is one ledger entry, a second reject changes nothing.
    expect(
      (await call(OPS_API.withdrawalReject, { id: toReject.withdrawalId, reason: ' ' }, supportToken)).data
        .error,
    ).toBe('ops.reason_required');
    const rejected = await call(
      OPS_API.withdrawalReject,
      { id: toReject.withdrawalId, reason: 'The exchange closed this account' },
      supportToken,
    );
    expect(rejected.data).toMatchObject({
      changed: true,
      withdrawal: { status: 'failed', failure_reason: 'The exchange closed this account' },
    });
    const again = await call(
      OPS_API.withdrawalReject,
      { id: toReject.withdrawalId, reason: 'again' },
      supportToken,
    );
    expect(again.data['changed']).toBe(false);
    const refunds = (
      await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, toReject.id))
    ).filter((entry) => entry.kind === 'refund');
    expect(refunds.map((entry) => entry.amount)).toEqual([xrp(140)]);
    // The user's record says when it was refunded, beside when it was requested.
    const [record] = envelope(await getAs(app, API.withdrawLogs, toReject.token)).data[
      'list'
    ] as WithdrawLog[];
    expect(record).toMatchObject({ status: 'failed', settled_time: epochSeconds(clock.now()) });

    let handHash: string | undefined;
    const payer = await connectXrplPayer(rippled.value.url, seed);
    try {
      for (let i = 0; i < 100; i++) {
        const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, toPay.withdrawalId));
        if (row?.status === 'success') break;
        await runPayoutOnce({ db, clock, rules: RULES, payer });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, toPay.withdrawalId));
      expect(row).toMatchObject({ status: 'success', deliveredAmount: xrp(140) });
      expect(rippled.value.applied.get(row?.txHash ?? '')?.result).toBe('tesSUCCESS');
      // Pay now again: it is no longer waiting.
      expect((await call(OPS_API.withdrawalPayNow, { id: toPay.withdrawalId })).data.error).toBe(
        'ops.withdrawal_not_waiting',
      );

      // By hand: paid outside Earnest, then the hash recorded. A wrong hash is refused by the ledger.
      expect(
        (await call(OPS_API.withdrawalMarkPaid, { id: byHand.withdrawalId, tx_hash: 'AB'.repeat(32) })).data
          .error,
      ).toBe('ops.ledger_no_payment');
      expect(
        (await call(OPS_API.withdrawalMarkPaid, { id: byHand.withdrawalId, tx_hash: row?.txHash ?? '' })).data
          .error,
      ).toBe('ops.ledger_other_destination');
      const payerSnapshot = await payer.snapshot();
      const signed = payer.sign(
        {
          destination: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
          tag: 8101,
          drops: 140_000_000n,
          sequence: payerSnapshot.nextSequence,
        },
        payerSnapshot,
      );
      await payer.submit(signed.blob);
      handHash = signed.hash;
      while (!rippled.value.isValidated(signed.hash)) await new Promise((resolve) => setTimeout(resolve, 10));
      const recorded = await call(OPS_API.withdrawalMarkPaid, {
        id: byHand.withdrawalId,
        tx_hash: signed.hash.toLowerCase(),
        reason: 'paid from the cold wallet',
      });
      expect(recorded.data['withdrawal']).toMatchObject({ status: 'success', tx_hash: signed.hash });
      // The same again changes nothing.
      expect(
        (await call(OPS_API.withdrawalMarkPaid, { id: byHand.withdrawalId, tx_hash: signed.hash })).data[
          'changed'
        ],
      ).toBe(false);
    } finally {
      await payer.close();
    }

    const audit = await db.select().from(auditLog);
    const of = (action: string) => audit.filter((entry) => entry.action === action);
    expect(of('withdrawal.pay_now')).toMatchObject([
      {
        actor: 'wd.admin',
        via: 'console',
        targetId: String(toPay.withdrawalId),
        before: { status: 'transferring' },
      },
    ]);
    expect(of('withdrawal.claim')).toMatchObject([
      { actor: 'wd.admin', targetId: String(byHand.withdrawalId) },
    ]);
    expect(of('withdrawal.mark_paid')).toMatchObject([
      {
        actor: 'wd.admin',
        reason: 'paid from the cold wallet',
        before: { status: 'transferring', claimed: true },
        after: { status: 'success', tx_hash: handHash, checked_on_ledger: true },
      },
    ]);
    expect(of('withdrawal.reject')).toMatchObject([
      {
        actor: 'wd.support',
        reason: 'The exchange closed this account',
        before: { status: 'transferring', amount: '140' },
        after: { status: 'failed', refunded: '140' },
      },
    ]);
  });
});

describe('pay now interrupted', () => {
  it('a connection lost after the payment was signed and sent still leaves the audit entry, with what became of it', async () => {
    const { app, database } = handle;
    const db = database.db;
    const [due] = await seedWithdrawals(app, db, 1, { prefix: 'cut', firstTag: 9100, amount: xrp(140) });
    if (!due) throw new Error('no withdrawal');
    await runPayoutOnce({ db, clock, rules: RULES, payer: null });
    // The real payer, but the server stops answering once the payment is out.
    const connect = async (): Promise<Payer> => {
      const real = await connectXrplPayer(rippled.value.url, seed);
      return { ...bound(real), outcome: () => Promise.reject(new Error('socket closed')) };
    };
    const result = await payoutActions.payNow(
      { db, clock, rules: RULES },
      connect,
      CLI,
      due.withdrawalId,
      'urgent',
    );
    expect(result).toMatchObject({ ok: false, error: 'ops.ledger_unreachable' });
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, due.withdrawalId));
    expect(row?.txBlob).not.toBeNull();
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(due.withdrawalId)));
    expect(entries).toMatchObject([
      {
        action: 'withdrawal.pay_now',
        actor: 'cli',
        reason: 'urgent',
        after: { interrupted: 'the XRP Ledger server stopped answering' },
      },
    ]);
  });
});

describe('pay now by an operator whose session ends', () => {
  it('before the payment: refused, nothing signed; while it is sent: paid, and the log still says who started it', async () => {
    const { app, database } = handle;
    const db = database.db;
    const seeded = await seedWithdrawals(app, db, 2, { prefix: 'ends', firstTag: 9200, amount: xrp(140) });
    const [before, during] = seeded;
    if (!before || !during) throw new Error('no withdrawals');
    await runPayoutOnce({ db, clock, rules: RULES, payer: null });
    const deps = { db, clock, rules: RULES };
    const connectReal = () => connectXrplPayer(rippled.value.url, seed);

    await opsToken(app, await createOperator(app, db, clock, 'ends.first'), clock);
    const first = await consoleActorOf(db, 'ends.first');
    await operatorsService(db, clock).disable(CLI, 'ends.first', 'left');
    await expect(
      payoutActions.payNow(deps, connectReal, first, before.withdrawalId, 'now'),
    ).rejects.toMatchObject({
      error: 'ops.session_expired',
    });
    const [untouched] = await db.select().from(withdrawals).where(eq(withdrawals.id, before.withdrawalId));
    expect(untouched?.txBlob ?? null).toBeNull();

    await opsToken(app, await createOperator(app, db, clock, 'ends.second'), clock);
    const second = await consoleActorOf(db, 'ends.second');
    // Disabled while the payment goes out (from the command line, in another window).
    const disablingMidway = async () => {
      await operatorsService(db, clock).disable(CLI, 'ends.second', 'left');
      return connectReal();
    };
    const paid = await payoutActions.payNow(deps, disablingMidway, second, during.withdrawalId, 'now');
    expect(paid).toMatchObject({ ok: true, value: { row: { status: 'success' } } });
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(during.withdrawalId)));
    expect(entries).toMatchObject([{ action: 'withdrawal.pay_now', actor: 'ends.second', via: 'console' }]);
  });
});

/** A payer's methods bound to it, so that a test can replace one of them. */
function bound(payer: Payer): Payer {
  return {
    address: payer.address,
    feeCapDrops: payer.feeCapDrops,
    serverProblem: () => payer.serverProblem(),
    snapshot: () => payer.snapshot(),
    sign: (...args) => payer.sign(...args),
    submit: (blob) => payer.submit(blob),
    outcome: (...args) => payer.outcome(...args),
    payment: (hash) => payer.payment(hash),
    close: () => payer.close(),
  };
}

describe('what an operator types', () => {
  it('a long number as the user, or a task id or position out of range, is answered, never a 500', async () => {
    const { app, database } = handle;
    const token = await opsToken(app, await createOperator(app, database.db, clock, 'typing.admin'), clock);
    for (const user of ['9223372036854775808', '9'.repeat(64), '1234567890123456']) {
      const response = await opsRequest(app, 'GET', `${OPS_API.withdrawals}?state=all&user=${user}`, token);
      expect(response.statusCode, user).toBe(200);
      expect(envelope(response).data['list'], user).toEqual([]);
    }
    for (const args of [
      ['tasks', 'enable', 'abc'],
      ['tasks', 'disable', '99999999999'],
      ['tasks', 'enable', '-1'],
      ['tasks', 'sort', '1', '99999999999'],
      ['tasks', 'sort', '99999999999', '1'],
      ['tasks', 'sort', '1', '1.5'],
      // Not digits, though Number() reads them as 1: task 1 must not be touched.
      ['tasks', 'disable', '0x1'],
      ['tasks', 'disable', '1e0'],
      ['tasks', 'disable', ' 1'],
      ['tasks', 'sort', '1', '0x2'],
    ]) {
      const response = await opsRequest(app, 'POST', OPS_API.cli, token, { args });
      expect(response.statusCode, args.join(' ')).toBe(200);
      expect(envelope(response).data, args.join(' ')).toMatchObject({ exit_code: 1 });
    }
    // A reason longer than the console takes is refused before anything is done.
    const long = await opsRequest(app, 'POST', OPS_API.cli, token, {
      args: ['users', 'ban', 'nobody', ...Array.from({ length: 17 }, () => 'x'.repeat(40))],
    });
    expect(envelope(long).data).toMatchObject({ exit_code: 2 });
    expect(String(envelope(long).data['stderr'])).toContain('longer than 500 characters');
  });

  it('the admin commands are refused from the console: a stolen session cannot make, reset or disable an operator', async () => {
    const { app, database } = handle;
    const token = await opsToken(app, await createOperator(app, database.db, clock, 'console.admin'), clock);
    for (const args of [
      ['admin', 'create', 'backdoor', '--role', 'admin'],
      ['admin', 'reset', 'typing.admin', 'taken over'],
      ['admin', 'disable', 'typing.admin', 'locked out'],
    ]) {
      const response = await opsRequest(app, 'POST', OPS_API.cli, token, { args });
      expect(envelope(response).data, args.join(' ')).toMatchObject({ exit_code: 2, stdout: '' });
    }
    const names = (await database.db.select().from(operators)).map((row) => row.name);
    expect(names).not.toContain('backdoor');
    const [other] = await database.db.select().from(operators).where(eq(operators.name, 'typing.admin'));
    expect(other?.disabledAt ?? null).toBeNull();
  });
});
