import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, users } from '#server/db/schema.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { envelope, getAs, useTestApp } from '#tests/helpers/app.ts';
import { backends } from '#tests/helpers/databases.ts';
import { inParallel, post, seedUser, seedUsers } from '#tests/helpers/money-fixtures.ts';
import { testNow } from '#tests/helpers/test-clock.ts';

describe.each(await backends())('the ledger on $name', (backend) => {
  const handle = useTestApp({ backend, env: { DEMO_TASK_SECONDS: '0' } });

  // What completing each of the day's tasks needs in its body: surveys need an answer to each question.
  let completion: Map<number, object>;
  async function completionBodies(token: string) {
    const list = envelope(await getAs(handle.app, '/api/task/list', token));
    const tasks = (list.data['tasks'] ?? []) as {
      id: number;
      questions: { id: string; options: { id: string }[] }[];
    }[];
    return new Map(
      tasks.map((t) => [
        t.id,
        {
          task_id: t.id,
          ...(t.questions.length
            ? { answers: Object.fromEntries(t.questions.map((q) => [q.id, q.options[0]?.id])) }
            : {}),
        },
      ]),
    );
  }

  async function expectBalancesMatchEntries(ids: number[]) {
    for (const id of ids) {
      const balance = await ledger.balance(handle.database.db, id);
      expect(balance).toBe(await ledger.sum(handle.database.db, id));
      expect(balance >= 0n).toBe(true);
    }
  }

  it('refuses a raw UPDATE, DELETE or TRUNCATE of an entry, and a direct balance change', async () => {
    const { app, database } = handle;
    const user = await seedUser(database.db, 'raw');
    expect((await post(app, '/api/user/newUserReward', user.token, {}, 'gift-raw')).statusCode).toBe(200);
    await expect(
      database.db.update(ledgerEntries).set({ amount: 1n }).where(eq(ledgerEntries.userId, user.id)),
    ).rejects.toThrow();
    await expect(
      database.db.delete(ledgerEntries).where(eq(ledgerEntries.userId, user.id)),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`truncate ledger_entries cascade`)).rejects.toThrow();
    await expect(
      database.db.update(users).set({ balance: 999n }).where(eq(users.id, user.id)),
    ).rejects.toThrow();
    await expect(
      database.db.insert(ledgerEntries).values({
        userId: user.id,
        kind: 'withdrawal',
        amount: -(31n * 10n ** 7n),
        idempotencyKey: 'overdraw',
        reference: 'test',
        createdAt: testNow(),
      }),
    ).rejects.toThrow();
    await expectBalancesMatchEntries([user.id]);
  });

  it('credits each of 1,000 operations once under 10,000 duplicate replays (50 in flight)', async () => {
    const { app, database } = handle;
    const people = await seedUsers(database.db, 100, 'dup');
    completion = await completionBodies(people[0]?.token ?? '');
    for (const person of people) {
      expect((await post(app, '/api/task/accept', person.token, {})).statusCode).toBe(200);
      for (let task = 1; task <= 10; task++)
        await post(app, '/api/task/start', person.token, { task_id: task });
    }
    const jobs = people.flatMap((person) =>
      Array.from({ length: 10 }, (_, t) => ({ person, task: t + 1, key: `complete-${person.id}-${t + 1}` })),
    );
    const requests = jobs.flatMap((job) =>
      Array.from({ length: 10 }, () => async () => {
        const response = await post(
          app,
          '/api/task/complete',
          job.person.token,
          completion.get(job.task) ?? {},
          job.key,
        );
        return { key: job.key, status: response.statusCode, body: response.body };
      }),
    );
    // Interleave copies so duplicates really race each other.
    requests.sort(() => Math.random() - 0.5);
    const results = await inParallel(requests, 50);

    const byKey = new Map<string, Set<string>>();
    for (const r of results) {
      expect(r.status).toBe(200);
      byKey.set(r.key, (byKey.get(r.key) ?? new Set()).add(r.body));
    }
    expect(byKey.size).toBe(1000);
    expect([...byKey.values()].every((bodies) => bodies.size === 1)).toBe(true);

    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(
        sql`${ledgerEntries.kind} = 'task' and ${ledgerEntries.idempotencyKey} like 'request:complete-%'`,
      );
    expect(row?.n).toBe(1000);
    for (const person of people) expect(await ledger.balance(database.db, person.id)).toBe(20n * 10n ** 7n);
    await expectBalancesMatchEntries(people.map((p) => p.id));
  }, 300_000);

  it('never credits more than 10 tasks or 20 XRP a day, with 50 completions racing', async () => {
    const { app, database } = handle;
    const person = await seedUser(database.db, 'cap');
    await post(app, '/api/task/accept', person.token, {});
    for (let task = 1; task <= 10; task++)
      await post(app, '/api/task/start', person.token, { task_id: task });
    const attempts = Array.from(
      { length: 50 },
      (_, i) => () =>
        post(app, '/api/task/complete', person.token, completion.get((i % 10) + 1) ?? {}, `race-${i}`),
    );
    const responses = await inParallel(attempts, 50);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(
      responses
        .filter((r) => r.statusCode !== 200)
        .every((r) => envelope(r).data.error === 'tasks.already_completed'),
    ).toBe(true);
    expect(await ledger.balance(database.db, person.id)).toBe(20n * 10n ** 7n);
    await expectBalancesMatchEntries([person.id]);
    // Shown equals credited: each credit answered the balance right after it — 2, 4, … 20 XRP, each once.
    const shown = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => String(envelope(r).data['balance']))
      .sort((a, b) => Number(a) - Number(b));
    expect(shown).toEqual(Array.from({ length: 10 }, (_, i) => String((i + 1) * 2)));
  }, 180_000);

  it('pays exactly 100 gifts for 1,000 concurrent claims over 100 users', async () => {
    const { app, database } = handle;
    const people = await seedUsers(database.db, 100, 'gift');
    const claims = people.flatMap((person) =>
      Array.from(
        { length: 10 },
        (_, i) => () => post(app, '/api/user/newUserReward', person.token, {}, `gift-${i}`),
      ),
    );
    claims.sort(() => Math.random() - 0.5);
    const responses = await inParallel(claims, 50);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(100);
    expect(
      responses.every((r) => r.statusCode === 200 || envelope(r).data.error === 'rewards.already_claimed'),
    ).toBe(true);
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(
        sql`${ledgerEntries.kind} = 'gift' and ${ledgerEntries.userId} in (${sql.join(
          people.map((p) => sql`${p.id}`),
          sql`, `,
        )})`,
      );
    expect(row?.n).toBe(100);
    await expectBalancesMatchEntries(people.map((p) => p.id));
  });
});
