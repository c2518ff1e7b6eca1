import { gt, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sessions } from './schema.ts';

/**
 * Whether a sessions row is signed in at `now`: not revoked and not expired. The session check, the
 * user's device list, push delivery and the console's count of active sessions read it here, so a
 * device counts as signed in for all of them or for none.
 */
export function sessionLive(now: Date | SQLWrapper): SQL {
  return sql`(${isNull(sessions.revokedAt)} and ${gt(sessions.expiresAt, now)})`;
}
