import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock, testNow } from '#tests/helpers/test-clock.ts';
import { openDatabase, rowsOf, type Database } from '#server/db/database.ts';
import { accountLocks, users } from '#server/db/schema.ts';
import { createAuthService, type KnownDevice } from '#server/features/auth/auth.service.ts';
import { keyedHash } from '#server/lib/server-secrets.repository.ts';
import { backends, useTestDatabase } from '#tests/helpers/databases.ts';
import { registrationOf, TEST_CLIENT } from '#tests/helpers/money-fixtures.ts';

const client = TEST_CLIENT;
const registration = registrationOf;

describe.each(await backends())('auth on $name', (backend) => {
  const database = useTestDatabase(backend);
  const clock = testClock();
  let auth: ReturnType<typeof createAuthService>;

  beforeAll(() => {
    auth = createAuthService({ db: database.db, clock, sessionTtlDays: 30, hash: keyedHash('test-key') });
  });

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

  it('checks at most five of 50 simultaneous wrong passwords, and then refuses even the right one', async () => {
    await auth.register(registration('yusuf'), client);
    const login = (password: string, device: KnownDevice | null = null) =>
      auth.login({ tab: 'login', account: 'yusuf', password }, client, device);
    const attempts = await Promise.all(Array.from({ length: 50 }, (_, i) => login(`no-${i}`)));
    const errors = attempts.map((a) => (a.ok ? 'signed in' : a.error));
    // Each try takes its number before the hash is checked: four wrong answers, the fifth locks, the
    // other 45 are refused without touching the hash.
    expect(errors.filter((e) => e === 'auth.invalid_credentials')).toHaveLength(4);
    expect(errors.filter((e) => e === 'auth.too_many_attempts')).toHaveLength(46);
    expect(await login('secret12')).toMatchObject({ ok: false, error: 'auth.too_many_attempts' });
    // The account itself is not closed: a lock on the name is for devices the account does not know.
    const [user] = await database.db.select().from(users).where(eq(users.usernameKey, 'yusuf'));
    expect(
      await database.db
        .select()
        .from(accountLocks)
        .where(eq(accountLocks.userId, user?.id ?? -1)),
    ).toEqual([]);
  });

  it("lets the owner's known device in while the name is locked, and counts its own tries apart", async () => {
    const [user] = await database.db.select().from(users).where(eq(users.usernameKey, 'yusuf'));
    const device: KnownDevice = { userId: user?.id ?? -1, nonce: 'a-known-device-nonce' };
    const login = (password: string, from: KnownDevice | null) =>
      auth.login({ tab: 'login', account: 'yusuf', password }, client, from);
    expect((await login('secret12', device)).ok).toBe(true);
    // Another account's device cookie is a stranger here.
    expect(await login('secret12', { userId: -7, nonce: 'a-known-device-nonce' })).toMatchObject({
      error: 'auth.too_many_attempts',
    });
    // The known device's own wrong passwords lock it too, after five, without unlocking the name.
    const tries = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`again-${i}`, device)));
    expect(tries.filter((t) => !t.ok && t.error === 'auth.invalid_credentials')).toHaveLength(4);
    expect(await login('secret12', device)).toMatchObject({ ok: false, error: 'auth.too_many_attempts' });
  });

  it('answers an unknown name exactly as a known one while locked', async () => {
    const tries = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        auth.login({ tab: 'login', account: 'nobody-here', password: `x-${i}` }, client, null),
      ),
    );
    expect(tries.filter((t) => !t.ok && t.error === 'auth.invalid_credentials')).toHaveLength(4);
    const locked = await auth.login({ tab: 'login', account: 'nobody-here', password: 'x' }, client, null);
    const known = await auth.login({ tab: 'login', account: 'yusuf', password: 'x' }, client, null);
    if (locked.ok || known.ok) throw new Error('a locked name signed in');
    expect(locked.error).toBe(known.error);
    expect(Object.keys(locked.lock ?? {})).toEqual(Object.keys(known.lock ?? {}));
  });

  it('never lets a balance go negative, whatever writes it', async () => {
    await expect(
      database.db
        .update(users)
        .set({ balance: sql`-1` })
        .where(eq(users.usernameKey, 'walter')),
    ).rejects.toThrow();
  });
});

/** The migrations the database recorded as applied, by hash, in order. */
async function appliedMigrations(database: Database): Promise<string[]> {
  const rows = await database.db.execute(
    sql`select hash from drizzle.__drizzle_migrations order by created_at`,
  );
  return rowsOf<{ hash: string }>(rows).map((row) => row.hash);
}
const journal = JSON.parse(
  readFileSync(new URL('../../src/server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

describe('the embedded database folder', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'earnest-dir-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cannot be opened by a second process while one has it, and migrations apply once', async () => {
    const first = await openDatabase({ dataDir: dir });
    const applied = await appliedMigrations(first);
    await first.db.insert(users).values({
      username: 'kept',
      usernameKey: 'kept',
      email: null,
      passwordHash: 'x',
      inviteCode: 'KEPT2345',
      invitedBy: null,
      language: null,
      createdAt: testNow(),
    });
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
    // Released on close: the next opener applies no migration a second time and keeps the data.
    const again = await openDatabase({ dataDir: dir });
    expect(await appliedMigrations(again)).toEqual(applied);
    expect(applied).toHaveLength(journal.entries.length);
    expect((await again.db.select({ n: count() }).from(users))[0]?.n).toBe(1);
    await again.close();
  });
});
