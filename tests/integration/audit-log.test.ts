import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testNow } from '#tests/helpers/test-clock.ts';
import { auditLog } from '#server/db/schema.ts';
import { CLI, recordAudit } from '#server/features/ops/ops.service.ts';
import { backends, useTestDatabase } from '#tests/helpers/databases.ts';

/** What the database said when it refused a statement (drizzle wraps the driver's error). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

describe.each(await backends())('the audit log on $name', (backend) => {
  const database = useTestDatabase(backend);

  it('keeps an entry with who, what, the reason and the state before and after, amounts exact', async () => {
    await recordAudit(
      database.db,
      CLI,
      {
        action: 'user.ban',
        target: { kind: 'user', id: 7 },
        reason: 'spam',
        before: { banned: false, balance: 12_345_678_901_234_567_890n },
        after: { banned: true },
      },
      testNow(),
    );
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'user.ban'));
    expect(row).toMatchObject({
      actor: 'cli',
      via: 'cli',
      operatorId: null,
      targetKind: 'user',
      targetId: '7',
      reason: 'spam',
      before: { banned: false, balance: '12345678901234567890' },
      after: { banned: true },
    });
  });

  it('is refused an UPDATE, a DELETE or a TRUNCATE by the database itself', async () => {
    await recordAudit(database.db, CLI, { action: 'user.unban', target: { kind: 'user', id: 8 } }, testNow());
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'user.unban'));
    if (!row) throw new Error('no entry');
    expect(
      await refusal(database.db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.id, row.id))),
    ).toBe('the audit log is append-only (UPDATE refused)');
    expect(await refusal(database.db.delete(auditLog).where(eq(auditLog.id, row.id)))).toBe(
      'the audit log is append-only (DELETE refused)',
    );
    expect(await refusal(database.db.execute(sql`truncate audit_log`))).toBe(
      'the audit log is append-only (TRUNCATE refused)',
    );
    const [still] = await database.db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(still?.reason).toBeNull();
  });
});
