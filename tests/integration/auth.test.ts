import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustableClock } from '#server/clock.ts';
import { openDatabase } from '#server/db/database.ts';
import { loginFailures, users } from '#server/db/schema.ts';
import { createAuthRepository } from '#server/features/auth/auth.repository.ts';
import { createAuthService } from '#server/features/auth/auth.service.ts';
import { backends, type TestDatabase } from '#tests/helpers/databases.ts';

const client = { ip: '127.0.0.1', userAgent: 'test', language: null };
const registration = (account: string) => ({
  tab: 'register' as const,
  account,
  password: 'secret12',
  confirmPassword: 'secret12',
});

describe.each(await backends())('auth on $name', (backend) => {
  let database: TestDatabase;
  const clock = adjustableClock();
  let auth: ReturnType<typeof createAuthService>;

  beforeAll(async () => {
    database = await backend.create();
    auth = createAuthService({ repo: createAuthRepository(database.db), clock, sessionTtlDays: 30 });
  });
  afterAll(() => database.dispose());

  it('registers, authenticates and revokes a session', async () => {
    const registered = await auth.register(registration('walter'), client);
    if (!registered.ok) throw new Error(registered.error);
    const session = await auth.authenticate(registered.value.token);
    expect(session.ok).toBe(true);
    if (!session.ok) return;
    await auth.logout(session.value.sessionId);
    expect(await auth.authenticate(registered.value.token)).toEqual({
      ok: false,
      error: 'auth.session_expired',
    });
  });

  it('expires a session that is not used for the configured time', async () => {
    const registered = await auth.register(registration('xena'), client);
    if (!registered.ok) throw new Error(registered.error);
    clock.advance(31 * 24 * 3600 * 1000);
    expect((await auth.authenticate(registered.value.token)).ok).toBe(false);
  });

  it('lets exactly one of 20 simultaneous registrations of one name through', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => auth.register(registration('same-name'), client)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.error))).toEqual(
      Array(19).fill('auth.account_taken'),
    );
  });

  it('counts simultaneous wrong passwords without losing any, and locks at five', async () => {
    await auth.register(registration('yusuf'), client);
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        auth.login({ tab: 'login', account: 'yusuf', password: `no-${i}` }, client),
      ),
    );
    expect(attempts.some((a) => !a.ok && a.error === 'auth.too_many_attempts')).toBe(true);
    const [row] = await database.db.select().from(loginFailures).where(eq(loginFailures.accountKey, 'yusuf'));
    expect(row?.lockedUntil).not.toBeNull();
    const right = await auth.login({ tab: 'login', account: 'yusuf', password: 'secret12' }, client);
    expect(right).toMatchObject({ ok: false, error: 'auth.too_many_attempts' });
  });

  it('unlocks after a day', async () => {
    clock.advance(24 * 3600 * 1000 + 1000);
    const right = await auth.login({ tab: 'login', account: 'yusuf', password: 'secret12' }, client);
    expect(right.ok).toBe(true);
  });

  it('never lets a balance go negative, whatever writes it', async () => {
    await expect(
      database.db
        .update(users)
        .set({ balance: sql`-1` })
        .where(eq(users.usernameKey, 'walter')),
    ).rejects.toThrow();
  });

  it('gives every user a distinct invitation code', async () => {
    const [row] = await database.db
      .select({ all: count(), distinct: sql<number>`count(distinct ${users.inviteCode})::int` })
      .from(users);
    expect(row?.distinct).toBe(row?.all);
  });
});

describe('the embedded database folder', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'earnest-dir-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cannot be opened by a second process while one has it, and migrations apply once', async () => {
    const first = await openDatabase({ dataDir: dir });
    // Another process tries to take the folder while this one holds it.
    const other = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { lockDataDir } from '${new URL('../../src/server/db/data-dir-lock.ts', import.meta.url).pathname}'; lockDataDir(${JSON.stringify(dir)});`,
      ],
      { encoding: 'utf8' },
    );
    expect(other.status).not.toBe(0);
    expect(other.stderr).toContain('is in use by process');
    await first.close();
    // Released on close: the next opener migrates nothing new and works.
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });
});
