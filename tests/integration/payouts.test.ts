import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { xrp } from '#domain/money/amount.ts';
import { DEFAULT_RULES } from '#domain/rules/product-rules.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { ledgerEntries, users, withdrawals } from '#server/db/schema.ts';
import { accountOperator } from '#server/features/account/operator.ts';
import { payoutOperator } from '#server/features/payouts/operator.ts';
import { runPayoutOnce, WALLET_REFILL, type PayoutStep } from '#server/features/payouts/payout-job.ts';
import { connectXrplPayer, type Payer } from '#server/features/payouts/xrpl-payer.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { backends } from '#tests/helpers/databases.ts';
import {
  credit,
  post,
  seedUser,
  seedUsers,
  setTestAddress,
  TEST_ADDRESS,
} from '#tests/helpers/money-fixtures.ts';
import { usePayoutTestbed } from '#tests/helpers/payout-testbed.ts';

// The waiting period is the withdrawal screens' business; here every withdrawal is due at once.
const RULES = { ...DEFAULT_RULES, waitingDays: 0 };
const seed = Wallet.generate().seed ?? '';

class Crash extends Error {}

describe.each(await backends())('the payout job on $name', (backend) => {
  const clock = testClock();
  const testbed = usePayoutTestbed({ backend, clock, closeMs: 20 });
  let tag = 1;
  const payers: Payer[] = [];

  afterEach(async () => {
    for (const payer of payers.splice(0)) await payer.close();
    // A test that failed half-way leaves the network as it was then: the next one starts afresh.
    const { rippled } = testbed;
    rippled.closing = true;
    rippled.outcome = 'tesSUCCESS';
    rippled.openLedgerFee = 10n;
    rippled.provisionalResult = null;
    rippled.dropAfter = null;
    rippled.cachesSubmitted = true;
    rippled.historyFrom = 1;
    rippled.refusesAs = null;
    rippled.unfunded.clear();
    rippled.regularKeys.clear();
    rippled.masterDisabled.clear();
    refillWallet();
  });

  const hot = Wallet.fromSeed(seed).address;
  /** The payout wallet can spend `drops` above its reserve, and no more. */
  const walletSpends = (drops: bigint) =>
    testbed.rippled.balances.set(hot, testbed.rippled.reserveDrops + drops);
  /** The operator refills the payout wallet. */
  const refillWallet = () => testbed.rippled.balances.delete(hot);

  const payer = async () => {
    const connected = await connectXrplPayer(testbed.rippled.url, seed);
    payers.push(connected);
    return connected;
  };
  const run = async (afterStep?: (step: PayoutStep) => void) =>
    runPayoutOnce({
      db: testbed.database.db,
      clock,
      rules: RULES,
      payer: await payer(),
      ...(afterStep ? { afterStep } : {}),
    });

  /** A user who withdrew `amount` XRP. */
  async function dueWithdrawal(amount = 120n) {
    const user = await seedUser(testbed.database.db, 'payee');
    await credit(testbed.database.db, user.id, xrp(amount), `seed-${user.id}`, clock.now());
    const userTag = String(tag++);
    await setTestAddress(testbed.database.db, user.id, userTag, clock.now());
    const response = await post(
      testbed.app,
      '/api/user/setWithdrawStatus',
      user.token,
      {},
      `withdraw-${user.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await testbed.database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    if (!row) throw new Error('no withdrawal');
    return { userId: user.id, id: row.id, tag: Number(userTag) };
  }

  const withdrawal = async (id: number) => {
    const [row] = await testbed.database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    return row;
  };
  /** Every distinct signed payment the fake received for this tag, with its hash. */
  const paymentsTo = (destinationTag: number) =>
    [...testbed.rippled.submitted.entries()]
      .map(([hash, tx]): Record<string, unknown> => ({ ...tx, hash }))
      .filter((tx) => tx['DestinationTag'] === destinationTag);
  const refunds = async (userId: number) =>
    (await testbed.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).filter(
      (entry) => entry.kind === 'refund',
    );

  /** What the ledger made of each payment to these tags, in the order it applied them. */
  const resultsFor = (...tags: number[]) =>
    [...testbed.rippled.applied.values()]
      .filter((entry) => tags.includes(Number(entry.tx['DestinationTag'])))
      .sort((a, b) => a.ledgerIndex - b.ledgerIndex)
      .map((entry) => entry.result);

  /** The withdrawal waits for the payout wallet's refill: nothing signed or sent for it, nothing refunded. */
  async function expectHeldForRefill(due: { id: number; tag: number; userId: number }) {
    expect(await withdrawal(due.id)).toMatchObject({
      status: 'transferring',
      txBlob: null,
      heldReason: WALLET_REFILL,
    });
    expect(paymentsTo(due.tag)).toEqual([]);
    expect(await refunds(due.userId)).toEqual([]);
  }

  /** Runs passes until a payment to `tag` was signed a second time, and checks both share a Sequence. */
  async function expectSignedAgainWithItsSequence(tag: number) {
    for (let i = 0; i < 400 && new Set(paymentsTo(tag).map((tx) => tx['hash'])).size < 2; i++) {
      await run();
      await new Promise((r) => setTimeout(r, 25));
    }
    const attempts = paymentsTo(tag);
    expect(new Set(attempts.map((tx) => tx['hash'])).size).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts.map((tx) => tx['Sequence'])).size).toBe(1);
  }

  async function settle(id: number) {
    for (let i = 0; i < 200; i++) {
      const row = await withdrawal(id);
      if (row?.status === 'success' || row?.status === 'failed') return row;
      await run().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`withdrawal ${id} never settled`);
  }

  it('without XRPL settings waits for the operator, who records a payment or rejects with a refund', async () => {
    const { database } = testbed;
    const paid = await dueWithdrawal();
    const rejected = await dueWithdrawal(130n);
    await runPayoutOnce({ db: database.db, clock, rules: RULES, payer: null });
    expect(await withdrawal(paid.id)).toMatchObject({ status: 'transferring', txBlob: null });
    const listed = await payoutOperator.list(database.db);
    expect(listed.map((row) => row.id)).toEqual(expect.arrayContaining([paid.id, rejected.id]));

    expect(await payoutOperator.paid(database.db, clock, paid.id, 'not-a-hash', null)).toMatch(
      /64 hexadecimal/,
    );
    expect(await payoutOperator.paid(database.db, clock, paid.id, 'ab'.repeat(32), null)).toMatch(/Claim/);
    expect(await payoutOperator.claim(database.db, clock, paid.id)).toBeNull();
    expect(await payoutOperator.paid(database.db, clock, paid.id, 'ab'.repeat(32), null)).toBeNull();
    expect(await withdrawal(paid.id)).toMatchObject({
      status: 'success',
      txHash: 'AB'.repeat(32),
      deliveredAmount: xrp(120n),
    });
    expect(await payoutOperator.paid(database.db, clock, paid.id, 'cd'.repeat(32), null)).toMatch(
      /not waiting/,
    );

    expect(await payoutOperator.reject(database.db, clock, rejected.id, '  ')).toMatch(/type a reason/);
    expect(
      await payoutOperator.reject(database.db, clock, rejected.id, 'Exchange refused the deposit'),
    ).toBeNull();
    // Rejecting it again changes nothing: no second refund, the first reason stays.
    expect(await payoutOperator.reject(database.db, clock, rejected.id, 'again')).toBeNull();
    expect(await withdrawal(rejected.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Exchange refused the deposit',
    });
    expect(await refunds(rejected.userId)).toHaveLength(1);
    expect(await ledger.balance(database.db, rejected.userId)).toBe(xrp(130n));
  });

  it("holds a banned account's withdrawal with the ban's reason, pays it once the ban is lifted, never refunds it", async () => {
    const { database } = testbed;
    const due = await dueWithdrawal();
    const [user] = await database.db.select().from(users).where(eq(users.id, due.userId));
    const name = user?.username ?? '';
    expect(await accountOperator.ban(database.db, clock, name, 'several accounts on one phone')).toBeNull();
    for (let i = 0; i < 3; i++) await run();
    expect(await withdrawal(due.id)).toMatchObject({
      status: 'transferring',
      txBlob: null,
      heldReason: 'several accounts on one phone',
    });
    expect(paymentsTo(due.tag)).toEqual([]);
    expect(await refunds(due.userId)).toEqual([]);

    expect(await accountOperator.unban(database.db, clock, name)).toBeNull();
    expect(await settle(due.id)).toMatchObject({ status: 'success', heldReason: null });
    expect(new Set(paymentsTo(due.tag).map((tx) => tx['hash'])).size).toBe(1);
    expect(await refunds(due.userId)).toEqual([]);
  });

  it('pays once and calls it successful only when the ledger validated it', async () => {
    const { database, rippled } = testbed;
    rippled.outcome = 'tesSUCCESS';
    const { id, userId, tag: destinationTag } = await dueWithdrawal(150n);
    await run();
    const signed = await withdrawal(id);
    expect(signed?.txHash).toMatch(/^[0-9A-F]{64}$/);
    const row = await settle(id);
    expect(row).toMatchObject({ status: 'success', txHash: signed?.txHash, deliveredAmount: xrp(150n) });
    expect(paymentsTo(destinationTag)).toHaveLength(1);
    expect(paymentsTo(destinationTag)[0]).toMatchObject({
      Amount: '150000000',
      Destination: TEST_ADDRESS,
    });
    expect(await ledger.balance(database.db, userId)).toBe(0n);
    expect(await ledger.sum(database.db, userId)).toBe(0n);
  });

  it('never holds the database while the ledger is slow to answer: other requests are served meanwhile', async () => {
    const { database, rippled } = testbed;
    const { id, tag: destinationTag } = await dueWithdrawal(130n);
    const xrpl = await payer();
    // The server takes its time over everything signing needs (the real one may take seconds).
    let release = () => {};
    rippled.stall = {
      commands: new Set(['account_info', 'fee', 'ledger']),
      release: new Promise<void>((resolve) => (release = resolve)),
    };
    const pass = runPayoutOnce({ db: database.db, clock, rules: RULES, payer: xrpl });
    try {
      while (rippled.waiting === 0) await new Promise((r) => setTimeout(r, 5));
      // Meanwhile another user signs up. The embedded database serves one transaction at a time: a
      // transaction left waiting on the network would keep this (and every request) waiting too.
      const meanwhile = seedUsers(database.db, 1, 'meanwhile').then(() => 'served' as const);
      const stuck = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 5_000));
      expect(await Promise.race([meanwhile, stuck])).toBe('served');
    } finally {
      rippled.stall = null;
      release();
    }
    await pass;
    expect(await settle(id)).toMatchObject({ status: 'success', deliveredAmount: xrp(130n) });
    expect(paymentsTo(destinationTag)).toHaveLength(1);
  });

  it('killed after each step it persists, 50 runs: never a second payment for one withdrawal', async () => {
    const { rippled } = testbed;
    rippled.outcome = 'tesSUCCESS';
    const steps: PayoutStep[] = ['claimed', 'signed', 'submitted', 'settled'];
    for (let r = 0; r < 50; r++) {
      const { id, tag: destinationTag } = await dueWithdrawal();
      const crashAt = steps[r % steps.length];
      let crashed = false;
      const crashOnce = (step: PayoutStep) => {
        if (step === crashAt && !crashed) {
          crashed = true;
          throw new Crash(step);
        }
      };
      // Passes run (each with a fresh connection, as a restarted process would) until the crash hits.
      for (let i = 0; i < 200 && !crashed; i++) {
        await run(crashOnce).catch((error: unknown) => {
          if (!(error instanceof Crash)) throw error;
        });
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(crashed).toBe(true);
      const row = await settle(id);
      expect(row.status).toBe('success');
      expect(new Set(paymentsTo(destinationTag).map((tx) => tx['Sequence']))).toHaveLength(1);
    }
  }, 120_000);

  it('never refunds a payment looked up before its inclusion showed, once the ledger passed its last one', async () => {
    const { rippled } = testbed;
    const due = await dueWithdrawal(121n);
    // The lookup races the inclusion: "not found", and meanwhile the ledger passes LastLedgerSequence.
    rippled.onSubmit = (hash) => void rippled.lagOnce.add(hash);
    await run();
    rippled.onSubmit = null;
    expect(await withdrawal(due.id)).toMatchObject({ status: 'transferring' });
    expect(await settle(due.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(121n) });
    expect(await refunds(due.userId)).toEqual([]);
    expect(paymentsTo(due.tag)).toHaveLength(1);
  });

  it('never refunds a paid payment that a server missing part of the history cannot find', async () => {
    const { database, rippled } = testbed;
    const due = await dueWithdrawal(122n);
    // The server that answers lookups lacks the history that will hold the payment (restarted,
    // catching up, or another backend answers) from before it is sent, so that no pass can see it
    // validated however slowly the machine runs; the ledger then moves past its LastLedgerSequence.
    rippled.historyFrom = Number.MAX_SAFE_INTEGER;
    await run();
    const row = await withdrawal(due.id);
    const last = row?.lastLedgerSequence ?? 0;
    while (!rippled.applied.has(row?.txHash ?? '')) await new Promise((r) => setTimeout(r, 10));
    while (rippled.validatedLedger() <= last + 1) await new Promise((r) => setTimeout(r, 10));
    for (let i = 0; i < 5; i++) await run();
    expect(await withdrawal(due.id)).toMatchObject({ status: 'transferring' });
    expect(await refunds(due.userId)).toEqual([]);
    // …and leaves one notice for the operator, however many passes saw it.
    const notices = (await payoutOperator.alerts(database.db)).filter((a) => a.withdrawal === due.id);
    expect(notices).toEqual([expect.objectContaining({ kind: 'unproven' })]);
    // The history is back: the payment is found and final.
    rippled.historyFrom = 1;
    expect(await settle(due.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(122n) });
    expect(await refunds(due.userId)).toEqual([]);
  });

  it("signs a payment never included again with the same Sequence, proven by the account's Sequence when the history is missing", async () => {
    const { rippled } = testbed;
    rippled.outcome = 'never-included';
    rippled.historyFrom = Number.MAX_SAFE_INTEGER;
    try {
      const due = await dueWithdrawal(124n);
      await run();
      const first = await withdrawal(due.id);
      const last = first?.lastLedgerSequence ?? 0;
      expect(first).toMatchObject({ txSignedLedger: last - 20 });
      // Past its last ledger, this server cannot search the payment's ledgers (no searched_all), but the
      // account's Sequence at the validated ledger has not moved past the payment's: never included.
      while (rippled.validatedLedger() <= last + 1) await new Promise((r) => setTimeout(r, 10));
      rippled.outcome = 'tesSUCCESS';
      for (let i = 0; i < 400 && new Set(paymentsTo(due.tag).map((tx) => tx['hash'])).size < 2; i++) {
        await run();
        await new Promise((r) => setTimeout(r, 25));
      }
      const attempts = paymentsTo(due.tag);
      expect(new Set(attempts.map((tx) => tx['hash'])).size).toBe(2);
      expect(new Set(attempts.map((tx) => tx['Sequence']))).toEqual(new Set([first?.txSequence]));
      expect(await refunds(due.userId)).toEqual([]);
      rippled.historyFrom = 1;
      expect(await settle(due.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(124n) });
      expect(await refunds(due.userId)).toEqual([]);
      const paid = [...rippled.applied.values()].filter((entry) => entry.tx['DestinationTag'] === due.tag);
      expect(paid).toHaveLength(1);
    } finally {
      rippled.outcome = 'tesSUCCESS';
      rippled.historyFrom = 1;
    }
  }, 60_000);

  it('proves a payment never included only as far as the server can: its search, its cache, the Sequence and who took it', async () => {
    const { rippled } = testbed;
    const xrpl = await payer();
    rippled.outcome = 'never-included';
    const snapshot = await xrpl.snapshot();
    const sequence = snapshot.nextSequence;
    const signed = xrpl.sign({ destination: TEST_ADDRESS, tag: 9, drops: 1_000_000n, sequence }, snapshot);
    await xrpl.submit(signed.blob);
    const ref = { ...signed, sequence };
    while (rippled.validatedLedger() <= signed.lastLedgerSequence + 1)
      await new Promise((r) => setTimeout(r, 10));

    // The server still has it in its cache ("found, not validated"): the unconsumed Sequence proves it.
    expect(await xrpl.outcome(ref)).toEqual({ kind: 'expired', proof: 'sequence' });
    // A server that restarted since, holding every ledger: its complete search proves it.
    rippled.cachesSubmitted = false;
    expect(await xrpl.outcome(ref)).toEqual({ kind: 'expired', proof: 'searched_all' });
    rippled.cachesSubmitted = true;

    // Another transaction of the wallet takes the Sequence: proven, by that transaction.
    rippled.outcome = 'tesSUCCESS';
    const other = xrpl.sign(
      { destination: TEST_ADDRESS, tag: 10, drops: 1_000_000n, sequence },
      await xrpl.snapshot(),
    );
    await xrpl.submit(other.blob);
    while (!rippled.isValidated(other.hash)) await new Promise((r) => setTimeout(r, 10));
    expect(await xrpl.outcome(ref)).toEqual({ kind: 'expired', proof: 'sequence_taken' });
    // Without the history that shows who took it, nothing is proven.
    rippled.historyFrom = Number.MAX_SAFE_INTEGER;
    expect(await xrpl.outcome(ref)).toEqual({ kind: 'pending', unproven: true });
  });

  it('signs a payment again with a new Sequence once another transaction of the wallet proved it took its one', async () => {
    const { rippled } = testbed;
    // The job's payment is accepted and never included (dropped from the queue, say): rippled keeps
    // answering it "found, not validated" from its cache, never "not found".
    rippled.outcome = 'never-included';
    try {
      const due = await dueWithdrawal(125n);
      await run();
      const first = await withdrawal(due.id);
      const sequence = first?.txSequence ?? 0;
      const last = first?.lastLedgerSequence ?? 0;
      rippled.outcome = 'tesSUCCESS';
      // Meanwhile the wallet sends a transaction with another tool (excess XRP back to a cold wallet),
      // which fills in the same Sequence.
      const { Client } = await import('xrpl');
      const client = new Client(rippled.url);
      await client.connect();
      const outside = Wallet.fromSeed(seed).sign({
        TransactionType: 'Payment',
        Account: hot,
        Destination: Wallet.generate().address,
        Amount: '20000000',
        Fee: '12',
        Sequence: sequence,
        LastLedgerSequence: rippled.validatedLedger() + 20,
      });
      await client.request({ command: 'submit', tx_blob: outside.tx_blob });
      await client.disconnect();
      while (!rippled.isValidated(outside.hash) || rippled.validatedLedger() <= last + 1)
        await new Promise((r) => setTimeout(r, 10));

      expect(await settle(due.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(125n) });
      const attempts = paymentsTo(due.tag);
      expect(new Set(attempts.map((tx) => tx['hash'])).size).toBe(2);
      expect(attempts.at(-1)?.['Sequence']).not.toBe(sequence);
      const paid = [...rippled.applied.values()].filter((entry) => entry.tx['DestinationTag'] === due.tag);
      expect(paid).toHaveLength(1);
      expect(await refunds(due.userId)).toEqual([]);
    } finally {
      rippled.outcome = 'tesSUCCESS';
    }
  }, 60_000);

  it('tells the operator at once when the server refuses a payment for good (a rotated key), refunds nothing, and pays once it is fixed', async () => {
    const { database, rippled } = testbed;
    rippled.refusesAs = 'tefBAD_AUTH';
    const due = await dueWithdrawal(126n);
    await run();
    const notices = (await payoutOperator.alerts(database.db)).filter((a) => a.withdrawal === due.id);
    expect(notices).toEqual([expect.objectContaining({ kind: 'refused' })]);
    expect(notices[0]?.message).toContain('tefBAD_AUTH');
    expect(await withdrawal(due.id)).toMatchObject({ status: 'transferring' });

    // The operator puts the right key back: the payment expires unincluded and is signed again.
    rippled.refusesAs = null;
    expect(await settle(due.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(126n) });
    expect(await refunds(due.userId)).toEqual([]);
  }, 60_000);

  it('pays from the account whose regular key XRPL_SEED holds, named by PAYOUT_WALLET_ADDRESS, and names a key that cannot pay at connect', async () => {
    const { rippled } = testbed;
    const cold = Wallet.generate();
    const regular = Wallet.generate();
    // SetRegularKey from the master key; the regular key's own address was never funded.
    rippled.regularKeys.set(cold.address, regular.address);
    rippled.unfunded.add(regular.address);
    const connect = (key: Wallet, account?: string) =>
      connectXrplPayer(rippled.url, key.seed ?? '', { account });

    // Without the account, the key would sign as its own, unfunded address: refused, and why.
    await expect(connect(regular)).rejects.toThrow(/not on the ledger.*PAYOUT_WALLET_ADDRESS/);
    // A key that is neither the master key nor the regular key of the account named.
    await expect(connect(Wallet.generate(), cold.address)).rejects.toThrow(/not the regular key of/);

    const xrpl = await connect(regular, cold.address);
    payers.push(xrpl);
    expect(xrpl.address).toBe(cold.address);
    const due = await dueWithdrawal(119n);
    await runPayoutOnce({ db: testbed.database.db, clock, rules: RULES, payer: xrpl });
    const [sent] = paymentsTo(due.tag);
    expect(sent).toMatchObject({ Account: cold.address, SigningPubKey: regular.publicKey });
    for (let i = 0; i < 200 && (await withdrawal(due.id))?.status !== 'success'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      await runPayoutOnce({ db: testbed.database.db, clock, rules: RULES, payer: xrpl });
    }
    expect(await withdrawal(due.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(119n) });

    // Once the master key is disabled, only the regular key signs: the master seed is refused at connect.
    rippled.masterDisabled.add(cold.address);
    await expect(connect(cold)).rejects.toThrow(/master key of .* is disabled/);
    // And a key the account no longer accepts is refused by the ledger itself, as rippled does.
    rippled.regularKeys.set(cold.address, Wallet.generate().address);
    const snapshot = await xrpl.snapshot();
    const sequence = snapshot.nextSequence;
    const stale = xrpl.sign({ destination: TEST_ADDRESS, tag: 11, drops: 1_000_000n, sequence }, snapshot);
    expect(await xrpl.submit(stale.blob)).toBe('tefBAD_AUTH');
  }, 60_000);

  it("judges a payment by the account that signed it, not by today's payout wallet, after the wallet changed", async () => {
    const { rippled } = testbed;
    const before = await payer();
    // Paid on the ledger, but the server answering lookups lacks the history that holds it.
    rippled.historyFrom = Number.MAX_SAFE_INTEGER;
    const snapshot = await before.snapshot();
    const sequence = snapshot.nextSequence;
    const signed = before.sign({ destination: TEST_ADDRESS, tag: 12, drops: 1_000_000n, sequence }, snapshot);
    await before.submit(signed.blob);
    while (!rippled.isValidated(signed.hash)) await new Promise((r) => setTimeout(r, 10));
    while (rippled.validatedLedger() <= signed.lastLedgerSequence + 1)
      await new Promise((r) => setTimeout(r, 10));

    // The operator moved payouts to another wallet: its fresh account's Sequence says nothing of the
    // old one's payment, which must not be called expired (signed again, it would be paid twice).
    const after = await connectXrplPayer(rippled.url, Wallet.generate().seed ?? '');
    payers.push(after);
    expect(await after.outcome({ ...signed, sequence })).toEqual({ kind: 'pending', unproven: true });
    rippled.historyFrom = 1;
    expect(await after.outcome({ ...signed, sequence })).toEqual({
      kind: 'success',
      deliveredDrops: 1_000_000n,
    });
  });

  it('holds, never pays and never refunds a withdrawal whose saved tag the ledger cannot carry', async () => {
    const { database } = testbed;
    const due = await dueWithdrawal(123n);
    await database.db.update(withdrawals).set({ tag: '' }).where(eq(withdrawals.id, due.id));
    for (let i = 0; i < 3; i++) await run();
    expect(await withdrawal(due.id)).toMatchObject({ status: 'transferring', txBlob: null });
    expect((await withdrawal(due.id))?.heldReason).toMatch(/destination tag/);
    expect(await refunds(due.userId)).toEqual([]);
  });

  it('holds a payment that delivered another amount for an operator: neither success nor refund', async () => {
    const { rippled } = testbed;
    const due = await dueWithdrawal(124n);
    rippled.partialDelivery = '1000000';
    for (let i = 0; i < 40 && !(await withdrawal(due.id))?.heldReason; i++) {
      await run();
      await new Promise((r) => setTimeout(r, 25));
    }
    rippled.partialDelivery = null;
    for (let i = 0; i < 3; i++) await run();
    const row = await withdrawal(due.id);
    expect(row).toMatchObject({ status: 'transferring', heldReason: 'delivered 1000000 drops of 124000000' });
    expect(await refunds(due.userId)).toEqual([]);
    expect(new Set(paymentsTo(due.tag).map((tx) => tx['hash'])).size).toBe(1);
  });

  it('one withdrawal that keeps failing does not stop the others', async () => {
    const { database } = testbed;
    const broken = await dueWithdrawal(125n);
    const fine = await dueWithdrawal(126n);
    await database.db
      .update(withdrawals)
      .set({ address: 'rNotAnAddress' })
      .where(eq(withdrawals.id, broken.id));
    expect(await settle(fine.id)).toMatchObject({ status: 'success' });
    expect(await withdrawal(broken.id)).toMatchObject({ status: 'transferring', txBlob: null });
    expect(await refunds(broken.userId)).toEqual([]);
    // It is tried again after a pause that grows, not on every pass: 12 passes try it about 4 times.
    const errors: unknown[] = [];
    const log = { warn: () => undefined, error: (entry: unknown) => void errors.push(entry) };
    const job = await payer();
    for (let i = 0; i < 12; i++)
      await runPayoutOnce({ db: database.db, clock, rules: RULES, payer: job, log });
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(errors.length).toBeLessThanOrEqual(5);
    await database.db.update(withdrawals).set({ status: 'failed' }).where(eq(withdrawals.id, broken.id));
  });

  it('lets an operator record a payment only for a claimed withdrawal, checked on the ledger, one hash once', async () => {
    const { database, rippled } = testbed;
    const job = await payer();
    const due = await dueWithdrawal(127n);
    const other = await dueWithdrawal(128n);
    // The operator claims both before the job signs: the job leaves claimed withdrawals alone.
    await runPayoutOnce({ db: database.db, clock, rules: RULES, payer: null });
    expect(await payoutOperator.claim(database.db, clock, due.id)).toBeNull();
    expect(await payoutOperator.claim(database.db, clock, other.id)).toBeNull();
    for (let i = 0; i < 3; i++) await run();
    expect(await withdrawal(due.id)).toMatchObject({ status: 'transferring', txBlob: null });
    expect(paymentsTo(due.tag)).toEqual([]);

    // A hash the ledger does not have is refused.
    expect(await payoutOperator.paid(database.db, clock, due.id, 'ab'.repeat(32), job)).toMatch(
      /no validated/,
    );
    // The operator pays the claimed one by hand (here: the other withdrawal's payment, through the
    // job after releasing it), then tries to record that payment for the wrong withdrawal.
    expect(await payoutOperator.release(database.db, clock, other.id)).toBeNull();
    const paidOther = await settle(other.id);
    const otherHash = paidOther.txHash ?? '';
    expect(await payoutOperator.paid(database.db, clock, due.id, otherHash, job)).toMatch(
      /another address or tag|delivered/,
    );
    expect(await withdrawal(due.id)).toMatchObject({ status: 'transferring' });

    // A real payment to this withdrawal: sent outside Earnest's job, then recorded and checked.
    const outside = await payer();
    const outsideSnapshot = await outside.snapshot();
    const signed = outside.sign(
      {
        destination: (await withdrawal(due.id))?.address ?? '',
        tag: due.tag,
        drops: 127_000_000n,
        sequence: outsideSnapshot.nextSequence,
      },
      outsideSnapshot,
    );
    await outside.submit(signed.blob);
    while (!rippled.isValidated(signed.hash)) await new Promise((r) => setTimeout(r, 10));
    expect(await payoutOperator.paid(database.db, clock, due.id, signed.hash, job)).toBeNull();
    expect(await withdrawal(due.id)).toMatchObject({
      status: 'success',
      txHash: signed.hash,
      deliveredAmount: xrp(127n),
    });
    expect(await refunds(due.userId)).toEqual([]);
  });

  it('holds withdrawals while the payout wallet is dry, without a refund or a fee burnt, and pays once refilled', async () => {
    const { database, rippled } = testbed;
    // Enough for the reserve and a little: not for 129 XRP.
    walletSpends(50_000_000n);
    const due = await dueWithdrawal(129n);
    for (let i = 0; i < 3; i++) await run();
    await expectHeldForRefill(due);
    expect(rippled.balances.get(hot)).toBe(rippled.reserveDrops + 50_000_000n);
    expect((await payoutOperator.alerts(database.db)).filter((a) => a.withdrawal === due.id)).toEqual([
      expect.objectContaining({ kind: 'wallet' }),
    ]);

    refillWallet();
    expect(await settle(due.id)).toMatchObject({
      status: 'success',
      heldReason: null,
      deliveredAmount: xrp(129n),
    });
    expect(await refunds(due.userId)).toEqual([]);
  });

  it('counts payments sent but not validated yet against the wallet: the one it cannot cover waits, no fee burnt', async () => {
    const { rippled } = testbed;
    walletSpends(150_000_000n);
    const first = await dueWithdrawal(100n);
    const second = await dueWithdrawal(100n);
    // One pass before any ledger closes, as on the real network: the first payment is still in flight
    // when the second is looked at, and the validated balance does not show it yet.
    rippled.closing = false;
    await run();
    rippled.closing = true;
    expect(await settle(first.id)).toMatchObject({ status: 'success' });
    for (let i = 0; i < 3; i++) await run();
    await expectHeldForRefill(second);
    expect(resultsFor(first.tag, second.tag)).toEqual(['tesSUCCESS']);

    refillWallet();
    expect(await settle(second.id)).toMatchObject({ status: 'success', heldReason: null });
    expect(await refunds(second.userId)).toEqual([]);
  });

  it('counts a payment once when the validated ledger has it but the job has not settled it: the next one the wallet covers is paid', async () => {
    const { database, rippled } = testbed;
    walletSpends(250_000_000n);
    const first = await dueWithdrawal(120n);
    rippled.closing = false;
    await run();
    const sent = await withdrawal(first.id);
    // Its ledger closes and is validated: the wallet's validated balance shows the 120 XRP gone.
    rippled.closeNow();
    rippled.closeNow();
    expect(rippled.isValidated(sent?.txHash ?? '')).toBe(true);

    // The server this process asks has not caught up with that payment yet, so the job cannot
    // settle it in this pass; 100 XRP more fits in the 130 left all the same.
    const second = await dueWithdrawal(100n);
    const real = await payer();
    const behind: Payer = {
      ...real,
      outcome: async (ref) => (ref.hash === sent?.txHash ? { kind: 'pending' } : real.outcome(ref)),
    };
    await runPayoutOnce({ db: database.db, clock, rules: RULES, payer: behind });
    expect(await withdrawal(second.id)).toMatchObject({ heldReason: null });
    expect((await withdrawal(second.id))?.txBlob).not.toBeNull();
    const alerts = await payoutOperator.alerts(database.db);
    expect(alerts.filter((a) => a.withdrawal === first.id || a.withdrawal === second.id)).toEqual([]);

    rippled.closing = true;
    expect(await settle(first.id)).toMatchObject({ status: 'success' });
    expect(await settle(second.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(100n) });
  });

  it('holds a payment the wallet could not cover when the ledger applied it, and pays it once refilled, never refunded', async () => {
    const { database, rippled } = testbed;
    const due = await dueWithdrawal(121n);
    rippled.closing = false;
    await run();
    expect((await withdrawal(due.id))?.txBlob).not.toBeNull();
    // Drained from elsewhere after the payment was signed: the ledger answers tecUNFUNDED_PAYMENT, a
    // final failure that moved nothing, so the withdrawal is safe to sign again.
    walletSpends(1_000_000n);
    rippled.closing = true;
    for (let i = 0; i < 200 && (await withdrawal(due.id))?.heldReason !== WALLET_REFILL; i++) {
      await run();
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await withdrawal(due.id)).toMatchObject({
      status: 'transferring',
      txBlob: null,
      heldReason: WALLET_REFILL,
    });
    expect(resultsFor(due.tag)).toEqual(['tecUNFUNDED_PAYMENT']);
    expect(await refunds(due.userId)).toEqual([]);
    expect(
      (await payoutOperator.alerts(database.db)).filter((a) => a.withdrawal === due.id).map((a) => a.kind),
    ).toContain('wallet');

    refillWallet();
    expect(await settle(due.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(121n) });
    expect(resultsFor(due.tag)).toEqual(['tecUNFUNDED_PAYMENT', 'tesSUCCESS']);
    expect(new Set(paymentsTo(due.tag).map((tx) => tx['Sequence'])).size).toBe(2);
    expect(await refunds(due.userId)).toEqual([]);
  });

  it('never forgets a payment because of an expiry another process read for the one before it', async () => {
    const { rippled } = testbed;
    rippled.outcome = 'never-included';
    const due = await dueWithdrawal(122n);
    await run();
    const first = await withdrawal(due.id);
    const firstHash = first?.txHash ?? '';
    expect(firstHash).not.toBe('');
    while (rippled.validatedLedger() <= (first?.lastLedgerSequence ?? 0)) {
      await new Promise((r) => setTimeout(r, 20));
    }
    // A slow process reads "expired" for the first payment, then stalls before it takes the row.
    const real = await payer();
    let reached: () => void = () => undefined;
    const stalled = new Promise<void>((resolve) => (reached = resolve));
    let release: () => void = () => undefined;
    const latch = new Promise<void>((resolve) => (release = resolve));
    const slow: Payer = {
      ...real,
      async outcome(ref) {
        const outcome = await real.outcome(ref);
        if (ref.hash === firstHash && outcome.kind === 'expired') {
          reached();
          await latch;
        }
        return outcome;
      },
    };
    const slowPass = runPayoutOnce({ db: testbed.database.db, clock, rules: RULES, payer: slow });
    await stalled;
    // Meanwhile another process forgets the first payment, and the next pass signs and sends a second.
    rippled.outcome = 'tesSUCCESS';
    await run();
    await run();
    const second = await withdrawal(due.id);
    expect(second?.txHash).not.toBeNull();
    expect(second?.txHash).not.toBe(firstHash);
    release();
    await slowPass;
    expect(await withdrawal(due.id)).toMatchObject({ txHash: second?.txHash });
    expect(await settle(due.id)).toMatchObject({ status: 'success', txHash: second?.txHash });
    for (let i = 0; i < 3; i++) await run();
    expect(resultsFor(due.tag)).toEqual(['tesSUCCESS']);
    expect(new Set(paymentsTo(due.tag).map((tx) => tx['Sequence'])).size).toBe(1);
  });

  it('a withdrawal held after its payment expired gives its Sequence to the next one, which is paid', async () => {
    const { database, rippled } = testbed;
    rippled.outcome = 'never-included';
    const expired = await dueWithdrawal(123n);
    await run();
    const sequence = (await withdrawal(expired.id))?.txSequence;
    expect(sequence).toEqual(expect.any(Number));
    // Proven never included: forgotten, its Sequence kept to sign it again...
    for (let i = 0; i < 400 && (await withdrawal(expired.id))?.txBlob; i++) {
      await run();
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await withdrawal(expired.id)).toMatchObject({ txBlob: null, txSequence: sequence });
    // The job is about to sign it again: an operator cannot take it or refund it meanwhile.
    expect(await payoutOperator.claim(database.db, clock, expired.id)).toMatch(/signed by the payout job/);
    expect(await payoutOperator.reject(database.db, clock, expired.id, 'no')).toMatch(
      /signed by the payout job/,
    );
    // ...but the account is banned before that: held, and the Sequence must not stay a gap.
    rippled.outcome = 'tesSUCCESS';
    const [user] = await database.db.select().from(users).where(eq(users.id, expired.userId));
    expect(await accountOperator.ban(database.db, clock, user?.username ?? '', 'sequence gap')).toBeNull();
    const next = await dueWithdrawal(124n);
    expect(await settle(next.id)).toMatchObject({ status: 'success', txSequence: sequence });
    expect(await withdrawal(expired.id)).toMatchObject({ heldReason: 'sequence gap', txSequence: null });

    expect(await accountOperator.unban(database.db, clock, user?.username ?? '')).toBeNull();
    expect(await settle(expired.id)).toMatchObject({ status: 'success' });
    expect(resultsFor(expired.tag, next.tag)).toEqual(['tesSUCCESS', 'tesSUCCESS']);
    expect(await refunds(expired.userId)).toEqual([]);
  }, 60_000);

  it('a payment waiting behind a held one takes its Sequence when it is signed again', async () => {
    const { database, rippled } = testbed;
    rippled.outcome = 'never-included';
    const first = await dueWithdrawal(125n);
    const second = await dueWithdrawal(126n);
    await run();
    const [a, b] = [await withdrawal(first.id), await withdrawal(second.id)];
    expect(b?.txSequence).toBe((a?.txSequence ?? 0) + 1);
    const [user] = await database.db.select().from(users).where(eq(users.id, first.userId));
    expect(await accountOperator.ban(database.db, clock, user?.username ?? '', 'gap ahead')).toBeNull();
    // Both expire; the first is then held and gives its Sequence back.
    for (let i = 0; i < 400 && (await withdrawal(second.id))?.txBlob; i++) {
      await run();
      await new Promise((r) => setTimeout(r, 25));
    }
    rippled.outcome = 'tesSUCCESS';
    expect(await settle(second.id)).toMatchObject({ status: 'success', txSequence: a?.txSequence });
    expect(await withdrawal(first.id)).toMatchObject({ heldReason: 'gap ahead', txBlob: null });
    expect(await refunds(first.userId)).toEqual([]);
  }, 60_000);

  it('pays a new withdrawal while more than a pass of older ones are held', async () => {
    const { database } = testbed;
    const held: Awaited<ReturnType<typeof dueWithdrawal>>[] = [];
    for (let i = 0; i < 21; i++) held.push(await dueWithdrawal(101n));
    for (const d of held) {
      const [user] = await database.db.select().from(users).where(eq(users.id, d.userId));
      expect(await accountOperator.ban(database.db, clock, user?.username ?? '', 'test ban')).toBeNull();
    }
    await run();
    const fresh = await dueWithdrawal(102n);
    await run();
    expect((await withdrawal(fresh.id))?.txBlob).not.toBeNull();
    expect(await settle(fresh.id)).toMatchObject({ status: 'success' });
    for (const d of held) expect(await withdrawal(d.id)).toMatchObject({ heldReason: 'test ban' });
  }, 60_000);

  it("pays the server's open-ledger fee under load, never more than the cap", async () => {
    const { rippled } = testbed;
    rippled.openLedgerFee = 3_000n;
    const loaded = await dueWithdrawal(131n);
    await settle(loaded.id);
    expect(paymentsTo(loaded.tag).map((tx) => tx['Fee'])).toEqual(['3000']);
    rippled.openLedgerFee = 1_000_000n;
    const capped = await dueWithdrawal(132n);
    await run();
    expect(paymentsTo(capped.tag).map((tx) => tx['Fee'])).toEqual(['5000']);
    rippled.openLedgerFee = 10n;
    expect(await settle(capped.id)).toMatchObject({ status: 'success' });
  });

  it('a payment queued under sustained load is dropped, signed again with the same Sequence, and paid once the load ends', async () => {
    const { rippled } = testbed;
    // The open ledger costs more than the fee cap: the payment waits in the queue until its last
    // ledger passes, and the network drops it.
    rippled.openLedgerFee = 1_000_000n;
    const due = await dueWithdrawal(134n);
    await expectSignedAgainWithItsSequence(due.tag);
    expect(resultsFor(due.tag)).toEqual([]);
    expect(await refunds(due.userId)).toEqual([]);
    rippled.openLedgerFee = 10n;
    expect(await settle(due.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(134n) });
    expect(resultsFor(due.tag)).toEqual(['tesSUCCESS']);
  }, 60_000);

  it('never settles on a provisional result: read as failed before its ledger is validated, paid after', async () => {
    const { rippled } = testbed;
    rippled.closing = false;
    rippled.provisionalResult = 'tecNO_DST_INSUF_XRP';
    const due = await dueWithdrawal(135n);
    await run();
    rippled.closeNow();
    for (let i = 0; i < 3; i++) await run();
    expect(await withdrawal(due.id)).toMatchObject({ status: 'transferring', failureReason: null });
    expect(await refunds(due.userId)).toEqual([]);
    rippled.closeNow();
    await run();
    expect(await withdrawal(due.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(135n) });
    rippled.provisionalResult = null;
    expect(await refunds(due.userId)).toEqual([]);
  });

  it('pays once when the connection drops after the server carried out a submit or a lookup', async () => {
    const { rippled } = testbed;
    rippled.dropAfter = 'submit';
    const sent = await dueWithdrawal(136n);
    await run().catch(() => undefined);
    expect(rippled.dropAfter).toBeNull();
    expect(await settle(sent.id)).toMatchObject({ status: 'success' });
    expect(resultsFor(sent.tag)).toEqual(['tesSUCCESS']);

    const looked = await dueWithdrawal(137n);
    rippled.closing = false;
    await run();
    rippled.closeNow();
    rippled.closeNow();
    rippled.dropAfter = 'tx';
    await run().catch(() => undefined);
    expect(rippled.dropAfter).toBeNull();
    rippled.closing = true;
    expect(await settle(looked.id)).toMatchObject({ status: 'success' });
    expect(resultsFor(looked.tag)).toEqual(['tesSUCCESS']);
    expect(new Set(paymentsTo(looked.tag).map((tx) => tx['hash'])).size).toBe(1);
  });

  it('two job instances signing 50 withdrawals at once: 50 distinct Sequences, 50 payments, none refunded', async () => {
    const { database } = testbed;
    const due: Awaited<ReturnType<typeof dueWithdrawal>>[] = [];
    for (let i = 0; i < 50; i++) due.push(await dueWithdrawal(100n + BigInt(i)));
    const [first, second] = [await payer(), await payer()];
    const instance = async (xrpl: Payer) => {
      for (let pass = 0; pass < 200; pass++) {
        const rows = await Promise.all(due.map((d) => withdrawal(d.id)));
        if (rows.every((row) => row?.status === 'success' || row?.status === 'failed')) return;
        await runPayoutOnce({ db: database.db, clock, rules: RULES, payer: xrpl }).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await Promise.all([instance(first), instance(second)]);
    const rows = await Promise.all(due.map((d) => withdrawal(d.id)));
    expect(rows.map((row) => row?.status)).toEqual(Array(50).fill('success'));
    const sequences = rows.map((row) => row?.txSequence);
    expect(new Set(sequences).size).toBe(50);
    const paid = due.flatMap((d) => paymentsTo(d.tag));
    expect(new Set(paid.map((tx) => tx['Sequence'])).size).toBe(50);
    expect(new Set(paid.map((tx) => tx['hash'])).size).toBe(50);
    for (const d of due) expect(await refunds(d.userId)).toEqual([]);
  }, 120_000);

  it('signs nothing while the server is not synced or is on another network', async () => {
    const { database, rippled } = testbed;
    const due = await dueWithdrawal(133n);
    rippled.serverState = 'syncing';
    for (let i = 0; i < 3; i++) await run();
    expect(await withdrawal(due.id)).toMatchObject({ status: 'transferring', txBlob: null });
    rippled.serverState = 'full';
    const testnet = await connectXrplPayer(rippled.url, seed, { networkId: 1 });
    payers.push(testnet);
    expect(await testnet.serverProblem()).toMatch(/network 0, not 1/);
    await runPayoutOnce({ db: database.db, clock, rules: RULES, payer: testnet });
    expect(await withdrawal(due.id)).toMatchObject({ txBlob: null });
    expect(await settle(due.id)).toMatchObject({ status: 'success' });
  });

  it('refunds a validated failure exactly once, and signs a proven expiry again instead of refunding it', async () => {
    const { database, rippled } = testbed;
    rippled.outcome = 'tecNO_DST_INSUF_XRP';
    const failed = await dueWithdrawal(110n);
    await run(() => undefined);
    const row = await settle(failed.id);
    expect(row).toMatchObject({ status: 'failed', failureReason: 'tecNO_DST_INSUF_XRP' });
    await run();
    await run();
    expect(await refunds(failed.userId)).toHaveLength(1);
    expect(await ledger.balance(database.db, failed.userId)).toBe(xrp(110n));

    // A payment proven never included is signed again with the SAME Sequence, not refunded: the user
    // keeps their place and no gap opens behind it.
    rippled.outcome = 'never-included';
    const expired = await dueWithdrawal(105n);
    await expectSignedAgainWithItsSequence(expired.tag);
    expect(await refunds(expired.userId)).toEqual([]);
    rippled.outcome = 'tesSUCCESS';
    expect(await settle(expired.id)).toMatchObject({ status: 'success', deliveredAmount: xrp(105n) });
    expect(await refunds(expired.userId)).toEqual([]);
  }, 60_000);
});
