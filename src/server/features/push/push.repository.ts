import type { Db } from '#server/db/database.ts';
import { pushTokens } from '#server/db/schema.ts';

export const pushRepository = {
  /** Keeps a device's token for the user; a token moves with its device to whoever signs in there. */
  async save(db: Db, userId: number, token: string, now: Date): Promise<void> {
    await db
      .insert(pushTokens)
      .values({ userId, token, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: pushTokens.token, set: { userId, updatedAt: now } });
  },
};
