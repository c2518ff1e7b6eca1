import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { accounts } from '#server/features/auth/auth.service.ts';
import { endAccess } from './account-access.ts';

/**
 * The operator's account commands (docs/product-rules.md#accountable-enforcement): a ban always has a
 * recorded reason and time, which the user is shown when signing in, and ends every way into the
 * account at once; lifting it is recorded too. Nothing bans anyone automatically.
 */
export const accountOperator = {
  async ban(db: Db, clock: Clock, username: string, reason: string): Promise<string | null> {
    if (reason.trim() === '') return 'a ban needs a reason: the user is shown it';
    const userId = await accounts.idOf(db, username);
    if (userId === null) return 'no such user';
    const now = clock.now();
    await db.transaction(async (tx) => {
      await accounts.lock(tx, userId);
      await accounts.ban(tx, userId, reason.trim(), now);
      await endAccess(tx, userId, now);
    });
    return null;
  },

  async unban(db: Db, clock: Clock, username: string): Promise<string | null> {
    const userId = await accounts.idOf(db, username);
    if (userId === null) return 'no such user';
    const lifted = await accounts.unban(db, userId, clock.now());
    return lifted === 0 ? 'this user has no ban in force' : null;
  },
};
