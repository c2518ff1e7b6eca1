import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { API } from '#contract/paths.ts';
import { xrp } from '#domain/money/amount.ts';
import { accountLocks, testimonials, withdrawAddresses, withdrawals } from '#server/db/schema.ts';
import { TESTIMONIALS_API } from '#contract/testimonials.ts';
import { rowsOf } from '#server/db/database.ts';
import { ledger } from '#server/ledger/ledger.ts';
import {
  useTestApp,
  envelope,
  getAs,
  login,
  postAs,
  register,
  signOutOtherDevice,
} from '#tests/helpers/app.ts';
import { describeOnPostgres } from '#tests/helpers/databases.ts';
import { credit, setTestAddress, TEST_ADDRESS, userIdOf } from '#tests/helpers/money-fixtures.ts';
import { createOperator, operatorsService, opsRequest, type TestOperator } from '#tests/helpers/operators.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { totpCodeAt } from '#tests/helpers/totp.ts';
import { OPS_API } from '#contract/ops.ts';
import { CLI } from '#server/features/ops/ops.service.ts';

// Racing requests on many connections are a PostgreSQL question (PGlite runs one thing at a time).
const PAIRS = 50;

/**
 * Runs pair `i`'s two requests: for every tenth pair `other` answers before `change` starts, for
 * another tenth after it answered, and the rest overlap it with a growing delay, so both orders
 * happen however loaded the machine is.
 */
async function race<A, B>(i: number, change: () => Promise<A>, other: () => Promise<B>): Promise<[A, B]> {
  if (i % 10 === 0) {
    const first = await other();
    return [await change(), first];
  }
  if (i % 10 === 9) {
    const first = await change();
    return [first, await other()];
  }
  const changing = change();
  await new Promise((resolve) => setTimeout(resolve, (i % 10) * 15));
  return Promise.all([changing, other()]);
}

await describeOnPostgres('account races', (backend) => {
  const handle = useTestApp({ backend, env: { LINK_ATTEMPT_LIMIT: '1000' } });

  it(`${PAIRS} deletions racing a withdrawal: one of the two, never a deleted account with an open withdrawal`, async () => {
    const people: { id: number; token: string }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const name = `racing-leaver-${i}`;
      const { token } = await register(handle.app, name);
      const id = await userIdOf(handle.database.db, name);
      await credit(handle.database.db, id, xrp(150));
      await setTestAddress(handle.database.db, id, 7000 + i);
      people.push({ id, token });
    }

    const outcomes = await Promise.all(
      people.map(async ({ token }, i) => {
        // The withdrawal starts at once, or while the deletion checks the password (how long that takes
        // depends on the machine's load), or, for every tenth pair, once the deletion has answered: so
        // both orders happen however fast the hashing is.
        const deletion = postAs(handle.app, API.deleteAccount, token, { password: 'secret12' });
        const start: Promise<unknown> =
          i % 10 === 9 ? deletion : new Promise((resolve) => setTimeout(resolve, (i % 10) * 100));
        const [deleted, withdrawn] = await Promise.all([
          deletion,
          start.then(() =>
            postAs(handle.app, API.setWithdrawStatus, token, {}, { 'idempotency-key': `race-${i}` }),
          ),
        ]);
        return { deleted: envelope(deleted).code === 1, withdrawn: envelope(withdrawn).code === 1 };
      }),
    );
    expect(outcomes.filter((o) => o.deleted && o.withdrawn)).toEqual([]);
    expect(outcomes.filter((o) => !o.deleted && !o.withdrawn)).toEqual([]);
    // Both orders happened.
    expect(outcomes.some((o) => o.deleted)).toBe(true);
    expect(outcomes.some((o) => o.withdrawn)).toBe(true);

    const ids = people.map((p) => p.id);
    const deletedIds = new Set(
      (
        await handle.database.db
          .select({ userId: accountLocks.userId })
          .from(accountLocks)
          .where(and(inArray(accountLocks.userId, ids), eq(accountLocks.reason, 'account_deleted')))
      ).map((row) => row.userId),
    );
    const open = await handle.database.db
      .select({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(
        and(inArray(withdrawals.userId, ids), inArray(withdrawals.status, ['processing', 'transferring'])),
      );
    expect(open.filter((row) => deletedIds.has(row.userId))).toEqual([]);
    expect(deletedIds.size + open.length).toBe(PAIRS);
    for (const id of ids)
      expect(await ledger.balance(handle.database.db, id)).toBe(await ledger.sum(handle.database.db, id));
  });
  it(`${PAIRS} sign-ins with the old password racing a new password: no session they open outlives it`, async () => {
    const people: { name: string; token: string }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const name = `racing-signer-${i}`;
      people.push({ name, ...(await register(handle.app, name)) });
    }

    const outcomes = await Promise.all(
      people.map(async ({ name, token }, i) => {
        // The sign-in and the new password, one after the other either way or overlapping (`race`).
        const change = () =>
          postAs(handle.app, API.changePassword, token, {
            password: 'secret12',
            new_password: 'secret99',
            confirm_password: 'secret99',
          });
        const [changed, signedIn] = await race(i, change, () => login(handle.app, name, 'secret12'));
        expect(changed.statusCode).toBe(200);
        const body = envelope(signedIn);
        if (body.code !== 1) return { opened: false, live: false };
        const opened = (body.data['userInfo'] as { token: string }).token;
        return { opened: true, live: (await getAs(handle.app, API.userInfo, opened)).statusCode === 200 };
      }),
    );
    // A sign-in that won the race had its session ended by the change; one that lost was refused.
    expect(outcomes.filter((o) => o.live)).toEqual([]);
    expect(outcomes.some((o) => o.opened)).toBe(true);
    expect(outcomes.some((o) => !o.opened)).toBe(true);
  });
  it(`${PAIRS} device approvals racing a new password set on another device: no approval outlives it`, async () => {
    const people: { token: string; second: string; code: string; secret: string }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const name = `racing-approver-${i}`;
      const { token } = await register(handle.app, name);
      const second = (
        envelope(await login(handle.app, name, 'secret12')).data['userInfo'] as { token: string }
      ).token;
      const pairing = envelope(await postAs(handle.app, API.pairingStart, null, {})).data as {
        code: string;
        secret: string;
      };
      people.push({ token, second, ...pairing });
    }

    const outcomes = await Promise.all(
      people.map(async ({ token, second, code, secret }, i) => {
        // The second device approves while the first sets a new password (which signs the second out).
        const change = () =>
          postAs(handle.app, API.changePassword, token, {
            password: 'secret12',
            new_password: 'secret99',
            confirm_password: 'secret99',
          });
        const [changed, approved] = await race(i, change, () =>
          postAs(handle.app, API.linkApprove, second, { code, password: 'secret12' }),
        );
        expect(changed.statusCode).toBe(200);
        const collected = envelope(await postAs(handle.app, API.pairingState, null, { code, secret }))
          .data as { state: string };
        return { approved: envelope(approved).code === 1, collected: collected.state };
      }),
    );
    // An approval that won the race was voided by the change; one that lost was refused.
    expect(outcomes.filter((o) => o.collected === 'approved')).toEqual([]);
    expect(outcomes.some((o) => o.approved)).toBe(true);
    expect(outcomes.some((o) => !o.approved)).toBe(true);
  });
  /**
   * A user with 150 XRP and a saved address (TEST_ADDRESS with `tag`), signed in on two devices; `send` runs on the first
   * while another transaction holds the account (as a slow money request would), and the second
   * device signs the first out before the account is let go. The answer `send` then got. With no
   * `tag`, the account has no withdrawal address.
   */
  async function sentWhileSignedOut(
    name: string,
    tag: number | null,
    send: (token: string) => Promise<LightMyRequestResponse>,
  ) {
    const { token } = await register(handle.app, name);
    const id = await userIdOf(handle.database.db, name);
    await credit(handle.database.db, id, xrp(150));
    if (tag !== null) await setTestAddress(handle.database.db, id, tag);
    const other = (envelope(await login(handle.app, name, 'secret12')).data['userInfo'] as { token: string })
      .token;
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = handle.database.db.transaction(async (tx) => {
      await ledger.lockUser(tx, id);
      locked();
      await held;
    });
    await lockTaken;
    const sent = send(token);
    await waitForLockWaiters(1);
    expect(envelope(await signOutOtherDevice(handle.app, other)).data).toEqual({ revoked: true });
    release();
    await holder;
    const answer = await sent;
    expect(answer.statusCode).toBe(401);
    // Told what ended it, as any later request of that device is.
    expect(envelope(answer).data.error).toBe('auth.signed_out_elsewhere');
    return { id, other };
  }

  it('a money request that waited for the account while its device was signed out moves nothing, and its key stays unused', async () => {
    const { id, other } = await sentWhileSignedOut('waiting-withdrawer', 7999, (token) =>
      postAs(handle.app, API.setWithdrawStatus, token, {}, { 'idempotency-key': 'waited' }),
    );
    expect(await handle.database.db.select().from(withdrawals).where(eq(withdrawals.userId, id))).toEqual([]);
    // The refusal was not stored: the same key goes through from a session that is live.
    const again = await postAs(handle.app, API.setWithdrawStatus, other, {}, { 'idempotency-key': 'waited' });
    expect(envelope(again).code).toBe(1);
  });

  it('an address change that waited for the account while its device was signed out changes nothing', async () => {
    const { id } = await sentWhileSignedOut('waiting-address-changer', 7998, (token) =>
      postAs(handle.app, API.changeAddress, token, {
        walletaddress: TEST_ADDRESS,
        tag: '8001',
        password: 'secret12',
      }),
    );
    const saved = await handle.database.db
      .select()
      .from(withdrawAddresses)
      .where(eq(withdrawAddresses.userId, id));
    expect(saved.map((row) => row.tag)).toEqual(['7998']);
  });

  it('a new password, a deletion or a sign-out of the others that waited for the account while its device was signed out does nothing', async () => {
    const changed = await sentWhileSignedOut('waiting-password-changer', 7997, (token) =>
      postAs(handle.app, API.changePassword, token, {
        password: 'secret12',
        new_password: 'stolen123',
        confirm_password: 'stolen123',
      }),
    );
    // The password checked before the sign-out is still the account's, and the owner's device still in.
    expect(envelope(await login(handle.app, 'waiting-password-changer', 'stolen123')).code).not.toBe(1);
    expect(envelope(await login(handle.app, 'waiting-password-changer', 'secret12')).code).toBe(1);
    expect((await getAs(handle.app, API.userInfo, changed.other)).statusCode).toBe(200);

    const kept = await sentWhileSignedOut('waiting-deleter', 7996, (token) =>
      postAs(handle.app, API.deleteAccount, token, { password: 'secret12' }),
    );
    expect((await getAs(handle.app, API.userInfo, kept.other)).statusCode).toBe(200);
    expect(
      await handle.database.db.select().from(accountLocks).where(eq(accountLocks.userId, kept.id)),
    ).toEqual([]);

    const stayed = await sentWhileSignedOut('waiting-signer-out', 7995, (token) =>
      postAs(handle.app, API.revokeOtherDevices, token, {}),
    );
    expect((await getAs(handle.app, API.userInfo, stayed.other)).statusCode).toBe(200);
  });

  it('a first address or a review that waited for the account while its device was signed out is not saved', async () => {
    const addressed = await sentWhileSignedOut('waiting-address-setter', null, (token) =>
      postAs(handle.app, API.setAddress, token, {
        walletaddress: TEST_ADDRESS,
        tag: '8002',
        password: 'secret12',
      }),
    );
    expect(
      await handle.database.db
        .select()
        .from(withdrawAddresses)
        .where(eq(withdrawAddresses.userId, addressed.id)),
    ).toEqual([]);

    const reviewer = await sentWhileSignedOut('waiting-reviewer', null, (token) =>
      postAs(handle.app, TESTIMONIALS_API.submit, token, {
        text: 'Paid on time, as the screen said.',
        consent: true,
      }),
    );
    expect(
      await handle.database.db.select().from(testimonials).where(eq(testimonials.userId, reviewer.id)),
    ).toEqual([]);
  });

  /** Waits until `count` statements of this database wait for a lock. */
  async function waitForLockWaiters(count: number) {
    for (let i = 0; i < 500; i++) {
      const [row] = rowsOf<{ n: number }>(
        await handle.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        ),
      );
      if ((row?.n ?? 0) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no request waited for the lock');
  }
});

await describeOnPostgres('operator races', (backend) => {
  const clock = testClock();
  const handle = useTestApp({ backend, clock });
  const OPERATORS = 10;

  it(`${OPERATORS} operator sign-ins racing a reset: no session they open outlives it`, async () => {
    const { app, database } = handle;
    const service = operatorsService(database.db, clock);
    const operators: TestOperator[] = [];
    for (let i = 0; i < OPERATORS; i++)
      operators.push(await createOperator(app, database.db, clock, `racer-${i}`));

    const outcomes = await Promise.all(
      operators.map(async (operator, i) => {
        // The sign-in starts with the reset, or while it checks the password, or once the reset is done.
        const reset = service.reset(CLI, operator.name, 'lost phone');
        const start: Promise<unknown> =
          i % 5 === 4 ? reset : new Promise((resolve) => setTimeout(resolve, (i % 5) * 15));
        const [done, signedIn] = await Promise.all([
          reset,
          start.then(() =>
            app.inject({
              method: 'POST',
              url: OPS_API.signIn,
              remoteAddress: `10.0.0.${i + 1}`,
              payload: {
                name: operator.name,
                password: operator.password,
                code: totpCodeAt(operator.secret, clock.now().getTime() + 30_000),
              },
            }),
          ),
        ]);
        expect(done.ok).toBe(true);
        const token = (envelope(signedIn).data as { token?: string }).token;
        if (!token) return { opened: false, live: false };
        return { opened: true, live: (await opsRequest(app, 'GET', OPS_API.me, token)).statusCode === 200 };
      }),
    );
    expect(outcomes.filter((o) => o.live)).toEqual([]);
    expect(outcomes.some((o) => !o.opened)).toBe(true);
  });
});
