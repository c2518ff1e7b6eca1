import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { sessions } from '#server/db/schema.ts';

/**
 * Signs every device of a user out (all but `except`, the device asking, when given); each finds
 * out on its next request. Returns how many sessions ended.
 */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: Date,
  except?: number,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(except === undefined ? [] : [ne(sessions.id, except)]),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
