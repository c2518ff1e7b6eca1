import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, TOKEN_HEADER } from '#contract/paths.ts';
import { sessions } from '#server/db/schema.ts';
import { accounts } from '#server/features/auth/auth.service.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { describeOnPostgres, type TestDatabase } from '#tests/helpers/databases.ts';
import { seedUsers } from '#tests/helpers/money-fixtures.ts';
import { startServerProcess, type ServerProcess } from '#tests/helpers/server-process.ts';
import { testNow } from '#tests/helpers/test-clock.ts';

// Server processes keep live sessions in memory (src/server/features/auth/session-cache.ts). Whatever
// revokes a session or closes an account in one process, or in the database itself, must be refused
// by another process as soon as the database's notice, sent at commit, reaches it.

await describeOnPostgres('a revoked session in another process', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let other: ServerProcess;
  let users: { id: number; token: string }[];

  /** A signed-in request to the second process; its HTTP status. */
  const statusInOther = async (token: string) =>
    (await fetch(`${other.url}${API.userInfo}`, { headers: { [TOKEN_HEADER]: token } })).status;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildTestApp({ database });
    // A minute: without the database's notice, the second process would go on accepting the session.
    other = await startServerProcess({ DATABASE_URL: database.url ?? '', SESSION_CACHE_SECONDS: '60' });
    users = await seedUsers(database.db, 4, 'revocation');
  }, 180_000);

  afterAll(async () => {
    await other?.stop();
    await app?.close();
    await database?.dispose();
  });

  /**
   * The other process hears the database's notice a few milliseconds after the commit, not before the
   * commit returns: its next requests are refused once the notice has arrived, well within a second
   * even on a loaded machine (a process that stops hearing notices caches nothing).
   */
  const refusedInOther = async (token: string) => {
    await expect.poll(() => statusInOther(token), { timeout: 2_000, interval: 5 }).toBe(401);
  };

  const user = (index: number) => {
    const found = users[index];
    if (!found) throw new Error('no such user');
    return found;
  };

  it('is served from memory until the database says otherwise (the notice is what refuses it)', async () => {
    const { id, token } = user(0);
    expect(await statusInOther(token)).toBe(200);
    // Revoked behind the cache's back (its trigger off): the second process still accepts it.
    await database.db.execute(sql`alter table sessions disable trigger sessions_revoked`);
    try {
      await database.db.update(sessions).set({ revokedAt: testNow() }).where(eq(sessions.userId, id));
    } finally {
      await database.db.execute(sql`alter table sessions enable trigger sessions_revoked`);
    }
    expect(await statusInOther(token)).toBe(200);
    // With the trigger, any change to the session is announced: refused at once.
    await database.db.update(sessions).set({ revokedAt: testNow() }).where(eq(sessions.userId, id));
    await refusedInOther(token);
  });

  it('refuses a session signed out in the first process on its next request', async () => {
    const { token } = user(1);
    expect(await statusInOther(token)).toBe(200);
    expect(await statusInOther(token)).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: API.logout,
      headers: { [TOKEN_HEADER]: token },
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    await refusedInOther(token);
    // And the first process itself, which revoked it.
    const here = await app.inject({ method: 'GET', url: API.userInfo, headers: { [TOKEN_HEADER]: token } });
    expect(here.statusCode).toBe(401);
  });

  it('refuses the sessions of an account banned in the first process on their next request', async () => {
    const { id, token } = user(2);
    expect(await statusInOther(token)).toBe(200);
    await database.db.transaction((tx) => accounts.ban(tx, id, 'test ban', testNow()));
    await refusedInOther(token);
  });

  it('refuses sessions ended by "sign out everywhere" in the first process', async () => {
    const { id, token } = user(3);
    expect(await statusInOther(token)).toBe(200);
    await database.db.transaction((tx) => accounts.endSessions(tx, id, testNow(), 'banned'));
    await refusedInOther(token);
  });
});
