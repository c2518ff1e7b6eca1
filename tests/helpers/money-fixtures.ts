import { accountKeyOf } from '#domain/auth/credentials.ts';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { sessions, users, withdrawAddresses, withdrawals } from '#server/db/schema.ts';
import { hashPassword } from '#server/features/auth/password.ts';
import { hashToken } from '#server/features/auth/tokens.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { API, IDEMPOTENCY_HEADER } from '#contract/paths.ts';
import { postAs } from './app.ts';
import { testNow } from './test-clock.ts';

/** The password of every seeded user, hashed once per test file: routes that take it can be called. */
const SEEDED_PASSWORD = 'secret12';
let seededHash: Promise<string> | null = null;

/** Creates users with sessions straight in the database (one password hash for all: fast for load tests). */
export async function seedUsers(db: Db, count: number, prefix: string) {
  const now = testNow();
  seededHash ??= hashPassword(SEEDED_PASSWORD);
  const passwordHash = await seededHash;
  const created: { id: number; token: string; sessionId: number }[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix}-${i}-${randomBytes(3).toString('hex')}`;
    const [user] = await db
      .insert(users)
      .values({
        username: name,
        usernameKey: name,
        email: null,
        passwordHash,
        inviteCode: randomBytes(4).toString('hex').toUpperCase(),
        invitedBy: null,
        language: null,
        createdAt: now,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    const token = randomBytes(32).toString('base64url');
    const [session] = await db
      .insert(sessions)
      .values({
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('no session');
    created.push({ id: user.id, token, sessionId: session.id });
  }
  return created;
}

/** One user made as seedUsers makes them (`prefix` starts its name). */
export async function seedUser(db: Db, prefix: string) {
  const [user] = await seedUsers(db, 1, prefix);
  if (!user) throw new Error('no user');
  return user;
}

/** Runs async jobs with at most `limit` in flight. */
export async function inParallel<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  async function worker() {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index];
      if (job) results[index] = await job();
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

/** `postAs` with an Idempotency-Key when one is given. */
export function post(app: FastifyInstance, url: string, token: string, payload: object, key?: string) {
  return postAs(app, url, token, payload, key ? { [IDEMPOTENCY_HEADER]: key } : {});
}

/** A task of a day's list as the API sends it, with what completing a survey needs. */
export interface ListedTask {
  id: number;
  questions: { id: string; options: { id: string }[] }[];
}

/** Accepts today's tasks through `app`: the list the day was accepted with. */
export async function acceptDay(app: FastifyInstance, token: string): Promise<ListedTask[]> {
  const response = await post(app, API.taskAccept, token, {});
  return (response.json() as { data: { tasks: ListedTask[] } }).data.tasks;
}

/**
 * Starts each task, lets their time pass on `clock`, and completes each (a survey with each
 * question's first option), under keys `<keyPrefix>-<task id>`: the completions' HTTP statuses.
 */
export async function completeTasks(
  app: FastifyInstance,
  token: string,
  tasks: readonly ListedTask[],
  clock: { advance(ms: number): void },
  keyPrefix: string,
): Promise<number[]> {
  for (const task of tasks) await post(app, API.taskStart, token, { task_id: task.id });
  clock.advance(60_000);
  const statuses: number[] = [];
  for (const task of tasks) {
    const answers = Object.fromEntries(task.questions.map((q) => [q.id, q.options[0]?.id ?? '']));
    const done = await post(
      app,
      API.taskComplete,
      token,
      { task_id: task.id, answers },
      `${keyPrefix}-${task.id}`,
    );
    statuses.push(done.statusCode);
  }
  return statuses;
}

/** The id of the account registered as `username`, found by its comparison form as sign-in finds it. */
export async function userIdOf(db: Db, username: string): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.usernameKey, accountKeyOf(username)));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

/** Credits `amount` to the user straight through the ledger, as an operator's adjustment. */
export async function credit(db: Db, userId: number, amount: bigint, key = 'seed', at = testNow()) {
  await ledger.append(db, {
    userId,
    kind: 'adjustment',
    amount,
    idempotencyKey: key,
    reference: key,
    createdAt: at,
  });
}

/** A registration as the auth service takes it, and the client it comes from. */
export const registrationOf = (account: string) => ({
  tab: 'register' as const,
  account,
  password: 'secret12',
  confirmPassword: 'secret12',
});
export const TEST_CLIENT = { ip: '127.0.0.1', userAgent: 'test' };

/** The exchange address the tests' users withdraw to (each with a destination tag of its own). */
export const TEST_ADDRESS = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';

/** Saves `TEST_ADDRESS` with `tag` as the user's withdrawal address, straight in the database. */
export async function setTestAddress(db: Db, userId: number, tag: number | string, at = testNow()) {
  await db
    .insert(withdrawAddresses)
    .values({ userId, address: TEST_ADDRESS, tag: String(tag), createdAt: at });
}

/**
 * Users who each asked to withdraw `amount` (the same for all, or the i-th user's) to a whitelisted
 * address with their own tag (from `firstTag` on), through the API of `app`: their withdrawals wait in
 * "processing". Answers the users and their withdrawals' ids.
 */
export async function seedWithdrawals(
  app: FastifyInstance,
  db: Db,
  count: number,
  {
    prefix,
    firstTag,
    amount,
  }: { prefix: string; firstTag: number; amount: bigint | ((index: number) => bigint) },
) {
  const seeded = await seedUsers(db, count, prefix);
  const made: { id: number; token: string; withdrawalId: number }[] = [];
  for (const [i, user] of seeded.entries()) {
    await credit(db, user.id, typeof amount === 'bigint' ? amount : amount(i), `seed-${user.id}`);
    await setTestAddress(db, user.id, firstTag + i);
    const answer = await post(app, '/api/user/setWithdrawStatus', user.token, {}, `w-${user.id}`);
    if (answer.statusCode !== 200) throw new Error(`withdrawal refused: ${answer.body}`);
    const [row] = await db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.userId, user.id));
    if (!row) throw new Error('no withdrawal');
    made.push({ ...user, withdrawalId: row.id });
  }
  return made;
}
