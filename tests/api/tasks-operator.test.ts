import { describe, expect, it } from 'vitest';
import { taskOperator } from '#server/features/tasks/operator.ts';
import { envelope, useTestApp } from '#tests/helpers/app.ts';
import { post, seedUsers } from '#tests/helpers/money-fixtures.ts';

// The operator's task commands (npm run ops -- tasks ...): the notification task, off in the demo
// catalog, is switched on and put first; the next user to accept the day gets it among the ten.

const handle = useTestApp();

describe('the task catalog commands', () => {
  it('switch the notification task on and order it into the day', async () => {
    const catalog = await taskOperator.list(handle.database.db);
    const notification = catalog.find((task) => task.type === 'notification');
    expect(notification).toMatchObject({ enabled: false, title: 'Turn on notifications', reward: '2 XRP' });
    if (!notification) throw new Error('no notification task');

    const [before] = await seedUsers(handle.database.db, 1, 'before');
    const day = async (token: string) =>
      (
        envelope(await post(handle.app, '/api/task/accept', token, {})).data['tasks'] as { type: string }[]
      ).map((task) => task.type);
    expect(await day(before?.token ?? '')).not.toContain('notification');

    expect(await taskOperator.setEnabled(handle.database.db, notification.id, true)).toBeNull();
    expect(await taskOperator.setSort(handle.database.db, notification.id, 0)).toBeNull();
    const [after] = await seedUsers(handle.database.db, 1, 'after');
    const types = await day(after?.token ?? '');
    expect(types).toHaveLength(10);
    expect(types[0]).toBe('notification');

    expect(await taskOperator.setEnabled(handle.database.db, 9999, true)).toBe('no such task');
    const outOfRange = 'the position is a whole number from -2147483647 to 2147483647';
    expect(await taskOperator.setSort(handle.database.db, notification.id, 1.5)).toBe(outOfRange);
    // Beyond what the database keeps: answered, not a database error.
    expect(await taskOperator.setSort(handle.database.db, notification.id, 2 ** 31)).toBe(outOfRange);
    expect(await taskOperator.setEnabled(handle.database.db, 2 ** 31, true)).toBe('no such task');
    expect(await taskOperator.setSort(handle.database.db, 2 ** 31, 1)).toBe('no such task');
  });
});
