import { eq } from 'drizzle-orm';
import { accountKeyOf } from '#domain/auth/credentials.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { users } from '#server/db/schema.ts';
import { createAuthRepository } from '#server/features/auth/auth.repository.ts';
import { endAccess } from './account-access.ts';

async function userIdOf(db: Db, username: string): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.usernameKey, accountKeyOf(username)));
  return user?.id ?? null;
}

/**
 * The operator's account commands (docs/product-rules.md#accountable-enforcement): a ban always has a
 * recorded reason and time, which the user is shown when signing in, and ends every way into the
 * account at once; lifting it is recorded too. Nothing bans anyone automatically.
 */
export const accountOperator = {
  async ban(db: Db, clock: Clock, username: string, reason: string): Promise<string | null> {
    if (reason.trim() === '') return 'a ban needs a reason: the user is shown it';
    const userId = await userIdOf(db, username);
    if (userId === null) return 'no such user';
    const now = clock.now();
    await db.transaction(async (tx) => {
      const repo = createAuthRepository(tx);
      await repo.lockUser(userId);
      await repo.recordAccountLock(userId, reason.trim(), now, null);
      await endAccess(tx, userId, now);
    });
    return null;
  },

  async unban(db: Db, clock: Clock, username: string): Promise<string | null> {
    const userId = await userIdOf(db, username);
    if (userId === null) return 'no such user';
    const lifted = await createAuthRepository(db).liftLocks(userId, clock.now());
    return lifted === 0 ? 'this user has no ban in force' : null;
  },
};
