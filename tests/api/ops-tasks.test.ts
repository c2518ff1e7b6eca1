import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPS_TASKS_API } from '#contract/ops-tasks.ts';
import { OPS_API } from '#contract/ops.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';
import { LOCALES } from '#domain/i18n/locales.ts';
import { testClock } from '#tests/helpers/test-clock.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { register, useTestApp } from '#tests/helpers/app.ts';
import { post, userIdOf } from '#tests/helpers/money-fixtures.ts';
import { createOperator, opsRequest, opsToken } from '#tests/helpers/operators.ts';

// The console's task catalog (docs/operators.md#tasks): versions keep what users were shown and
// credited, a task switches on only with words in every language, and every change is audited.

const clock = testClock();
const handle = useTestApp({ clock, env: { DEMO_TASK_SECONDS: '5' } });

const texts = (label: string, skip: string[] = []) =>
  Object.fromEntries(
    LOCALES.filter((l) => !skip.includes(l)).map((l) => [
      l,
      { title: `${label} ${l}`, text: `Do ${label} (${l})` },
    ]),
  );
const draft = (overrides: object = {}) => ({
  type: 'regular',
  reward: '1.5',
  required_seconds: 5,
  target_url: null,
  texts: texts('Read'),
  reason: 'new task',
  ...overrides,
});
const dataOf = (response: { json(): unknown }) =>
  (response.json() as { data: Record<string, unknown> & { error?: string } }).data;
const userGet = (url: string, token: string) =>
  handle.app.inject({ url, headers: { [TOKEN_HEADER]: token } });

/** The database's own message when it refuses a statement. */
async function refusal(statement: SQL): Promise<string> {
  try {
    await handle.database.db.execute(statement);
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

async function admin(name: string, role: 'admin' | 'support' = 'admin') {
  const operator = await createOperator(handle.app, handle.database.db, clock, name, role);
  return opsToken(handle.app, operator, clock);
}

describe('the console task catalog', () => {
  it('creates a task switched off and refuses to switch it on while a language is missing', async () => {
    const token = await admin('tasks.one');
    const created = dataOf(
      await opsRequest(
        handle.app,
        'POST',
        OPS_TASKS_API.create,
        token,
        draft({ texts: texts('Half', ['ar', 'uk']) }),
      ),
    );
    expect(created).toMatchObject({ enabled: false, version: 1, reward: '1.5', missing: ['ar', 'uk'] });
    const id = created['id'] as number;
    const refused = await opsRequest(handle.app, 'POST', OPS_TASKS_API.enable, token, { id });
    expect(refused.statusCode).toBe(409);
    expect(dataOf(refused).error).toBe('ops.task_translation_missing');

    const full = dataOf(
      await opsRequest(handle.app, 'POST', OPS_TASKS_API.edit, token, {
        ...draft(),
        id,
        texts: texts('Half'),
      }),
    );
    expect(full).toMatchObject({ version: 2, missing: [] });
    expect(dataOf(await opsRequest(handle.app, 'POST', OPS_TASKS_API.enable, token, { id }))).toMatchObject({
      enabled: true,
    });
    // On, it keeps every language: an edit that drops one is refused and writes nothing.
    const dropping = await opsRequest(handle.app, 'POST', OPS_TASKS_API.edit, token, {
      ...draft(),
      id,
      texts: texts('Half', ['zh-CN']),
    });
    expect(dataOf(dropping).error).toBe('ops.task_translation_missing');
    const list = dataOf(await opsRequest(handle.app, 'GET', OPS_TASKS_API.list, token)).list as {
      id: number;
      version: number;
    }[];
    expect(list.find((task) => task.id === id)?.version).toBe(2);

    const bad = async (body: object) =>
      dataOf(await opsRequest(handle.app, 'POST', OPS_TASKS_API.create, token, draft(body))).error;
    expect(await bad({ reward: '0' })).toBe('ops.task_reward_invalid');
    expect(await bad({ reward: '0.0000001' })).toBe('ops.task_reward_invalid');
    expect(await bad({ reward: '21' })).toBe('ops.task_reward_invalid');
    expect(await bad({ type: 'web' })).toBe('ops.task_target_required');
    expect(await bad({ type: 'survey' })).toBe('ops.task_type_fixed');

    // Version 1 is kept as it was: the database refuses to change or remove a version.
    expect(await refusal(sql`update task_versions set reward = 10 where task_id = ${id}`)).toBe(
      'task versions are never changed (UPDATE refused)',
    );
    expect(await refusal(sql`delete from task_versions where task_id = ${id}`)).toBe(
      'task versions are never changed (DELETE refused)',
    );

    const audit = dataOf(
      await opsRequest(handle.app, 'GET', `${OPS_API.audit}?target_kind=task&target_id=${id}`, token),
    ).list as { action: string; before: unknown; after: { version?: number } | null }[];
    expect(audit.map((entry) => entry.action)).toEqual(['task.enable', 'task.edit', 'task.create']);
    expect(audit[1]).toMatchObject({ before: { version: 1 }, after: { version: 2 } });
  });

  it('keeps an accepted day on the versions it pinned: its terms and its credit', async () => {
    const token = await admin('tasks.two');
    // Registered through the API, so the session follows the test's clock into the next day.
    const { token: userToken } = await register(handle.app, 'pinned.user');
    const user = { token: userToken, id: await userIdOf(handle.database.db, 'pinned.user') };
    const accepted = dataOf(await post(handle.app, '/api/task/accept', user.token, {}));
    const first = (accepted['tasks'] as { id: number; reward: string; title: string }[])[0];
    const second = (accepted['tasks'] as { id: number; reward: string; title: string }[])[1];
    if (!first || !second) throw new Error('no tasks');
    expect(first.reward).toBe('2');

    // The user completes the first task under version 1.
    await post(handle.app, '/api/task/start', user.token, { task_id: first.id });
    await post(handle.app, '/api/task/start', user.token, { task_id: second.id });
    clock.advance(5000);
    expect(
      dataOf(await post(handle.app, '/api/task/complete', user.token, { task_id: first.id }, 'v1-a')),
    ).toMatchObject({
      reward: '2',
    });

    // The operator raises both tasks' reward and time.
    const raise = async (id: number) =>
      dataOf(
        await opsRequest(handle.app, 'POST', OPS_TASKS_API.edit, token, {
          ...draft({ reward: '3', required_seconds: 600 }),
          id,
          texts: texts(`Raised ${id}`),
        }),
      );
    expect(await raise(first.id)).toMatchObject({ reward: '3', version: 2, required_seconds: 600 });
    await raise(second.id);

    // The accepted day still shows and credits version 1: 2 XRP after 5 seconds, the old words.
    const day = dataOf(await userGet('/api/task/list?locale=en', user.token));
    const shown = day['tasks'] as {
      id: number;
      reward: string;
      title: string;
      required_seconds: number;
      status: string;
    }[];
    expect(shown.find((t) => t.id === first.id)).toMatchObject({
      reward: '2',
      title: first.title,
      status: 'completed',
    });
    expect(shown.find((t) => t.id === second.id)).toMatchObject({ reward: '2', required_seconds: 5 });
    expect(
      dataOf(await post(handle.app, '/api/task/complete', user.token, { task_id: second.id }, 'v1-b')),
    ).toMatchObject({
      reward: '2',
      earned: '4',
    });
    expect(await ledger.balance(handle.database.db, user.id)).toBe(40_000_000n);

    // The next day pins version 2.
    clock.advance(24 * 3600 * 1000);
    const next = dataOf(await post(handle.app, '/api/task/accept', user.token, {}));
    expect((next['tasks'] as { id: number; reward: string }[]).find((t) => t.id === first.id)).toMatchObject({
      reward: '3',
      title: `Raised ${first.id} en`,
    });
  });

  it('reorders the catalog, and lets support read but not change it', async () => {
    const token = await admin('tasks.three');
    const list = dataOf(await opsRequest(handle.app, 'GET', OPS_TASKS_API.list, token)).list as {
      id: number;
    }[];
    const ids = list.map((task) => task.id).reverse();
    expect(
      dataOf(await opsRequest(handle.app, 'POST', OPS_TASKS_API.reorder, token, { ids: ids.slice(1) })).error,
    ).toBe('ops.task_order_invalid');
    expect((await opsRequest(handle.app, 'POST', OPS_TASKS_API.reorder, token, { ids })).statusCode).toBe(
      200,
    );
    const after = dataOf(await opsRequest(handle.app, 'GET', OPS_TASKS_API.list, token)).list as {
      id: number;
    }[];
    expect(after.map((task) => task.id)).toEqual(ids);

    const support = await admin('tasks.support', 'support');
    expect((await opsRequest(handle.app, 'GET', OPS_TASKS_API.list, support)).statusCode).toBe(200);
    for (const [url, body] of [
      [OPS_TASKS_API.create, draft()],
      [OPS_TASKS_API.edit, { ...draft(), id: ids[0] }],
      [OPS_TASKS_API.disable, { id: ids[0] }],
      [OPS_TASKS_API.reorder, { ids }],
    ] as const) {
      const refused = await opsRequest(handle.app, 'POST', url, support, body);
      expect(refused.statusCode).toBe(403);
    }
  });
});
