import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, tasks } from '#server/db/schema.ts';
import { CLI } from '#server/features/ops/ops.service.ts';
import { taskOperator } from '#server/features/tasks/operator.ts';
import { envelope, useTestApp } from '#tests/helpers/app.ts';
import { post, seedUser } from '#tests/helpers/money-fixtures.ts';
import { testClock } from '#tests/helpers/test-clock.ts';

// The operator's task commands (npm run ops -- tasks ...): the notification task, off in the demo
// catalog, is switched on and put first; the next user to accept the day gets it among the ten.

const clock = testClock();
const handle = useTestApp({ clock });
const setEnabled = (id: number, enabled: boolean) =>
  taskOperator.setEnabled(handle.database.db, clock, CLI, id, enabled);
const setSort = (id: number, sort: number) => taskOperator.setSort(handle.database.db, clock, CLI, id, sort);
const auditActions = async () => (await handle.database.db.select().from(auditLog)).map((row) => row.action);

describe('the task catalog commands', () => {
  it('switch the notification task on and order it into the day', async () => {
    const catalog = await taskOperator.list(handle.database.db);
    const notification = catalog.find((task) => task.type === 'notification');
    expect(notification).toMatchObject({ enabled: false, title: 'Turn on notifications', reward: '2 XRP' });
    if (!notification) throw new Error('no notification task');

    const before = await seedUser(handle.database.db, 'before');
    const day = async (token: string) =>
      (
        envelope(await post(handle.app, '/api/task/accept', token, {})).data['tasks'] as { type: string }[]
      ).map((task) => task.type);
    expect(await day(before.token)).not.toContain('notification');

    expect(await setEnabled(notification.id, true)).toBeNull();
    expect(await setSort(notification.id, 0)).toBeNull();
    // Each change is kept in the audit log, as the console's are.
    expect(await auditActions()).toEqual(['task.enable', 'task.reorder']);
    const after = await seedUser(handle.database.db, 'after');
    const types = await day(after.token);
    expect(types).toHaveLength(10);
    expect(types[0]).toBe('notification');

    expect(await setEnabled(9999, true)).toBe('no such task');
    const outOfRange = 'the position is a whole number from -2147483647 to 2147483647';
    expect(await setSort(notification.id, 1.5)).toBe(outOfRange);
    // Beyond what the database keeps: answered, not a database error.
    expect(await setSort(notification.id, 2 ** 31)).toBe(outOfRange);
    expect(await setEnabled(2 ** 31, true)).toBe('no such task');
    expect(await setSort(2 ** 31, 1)).toBe('no such task');
    expect(await setSort(9999, 1)).toBe('no such task');
    expect(await auditActions()).toHaveLength(2);
  });

  it('switch on only a task with words in every language, as the console does', async () => {
    const [task] = await handle.database.db.select().from(tasks).limit(1);
    if (!task) throw new Error('no task');
    expect(await setEnabled(task.id, false)).toBeNull();
    const content = task.content as { text: Record<string, unknown> };
    const { ar: _ar, ...withoutArabic } = content.text;
    await handle.database.db
      .update(tasks)
      .set({ content: { ...content, text: withoutArabic } })
      .where(eq(tasks.id, task.id));
    const before = (await auditActions()).length;
    expect(await setEnabled(task.id, true)).toMatch(/language/i);
    const [after] = await handle.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(after?.enabled).toBe(false);
    expect(await auditActions()).toHaveLength(before);
  });
});
