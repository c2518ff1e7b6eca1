import { and, eq, isNull } from 'drizzle-orm';
import { accountKeyOf } from '#domain/auth/credentials.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { revokeUserSessions } from '#server/features/auth/revoke-sessions.ts';
import { accountLocks, users } from '#server/db/schema.ts';

/**
 * The operator's account commands (H8): a ban always has a recorded reason and time, which the user
 * is shown when signing in; lifting it is recorded too. Nothing bans anyone automatically.
 */
export const accountOperator = {
  async ban(db: Db, clock: Clock, username: string, reason: string): Promise<string | null> {
    if (reason.trim() === '') return 'a ban needs a reason: the user is shown it';
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.usernameKey, accountKeyOf(username)));
    if (!user) return 'no such user';
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .insert(accountLocks)
        .values({ userId: user.id, reason: reason.trim(), createdAt: now, until: null });
      await revokeUserSessions(tx, user.id, now);
    });
    return null;
  },

  async unban(db: Db, clock: Clock, username: string): Promise<string | null> {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.usernameKey, accountKeyOf(username)));
    if (!user) return 'no such user';
    const lifted = await db
      .update(accountLocks)
      .set({ liftedAt: clock.now() })
      .where(and(eq(accountLocks.userId, user.id), isNull(accountLocks.liftedAt)))
      .returning({ id: accountLocks.id });
    return lifted.length === 0 ? 'this user has no ban in force' : null;
  },
};
