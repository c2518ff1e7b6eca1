import type { Db } from '#server/db/database.ts';
import { accounts, type SessionEndCause } from '#server/features/auth/auth.service.ts';
import { voidPairingCodes } from '#server/features/devices/devices.service.ts';
import { removePushTokens } from '#server/features/push/push.service.ts';

/**
 * Ends every way into an account but the device `keep` (when given), in the caller's transaction:
 * its sessions, every pairing code approved for it and not yet collected, and the push tokens of the
 * devices signed out. A ban, a deletion, a new password and "sign out all other devices" all come
 * here, so a way into an account added later must be ended here too — one place, not one per caller.
 * (A pairing approval also ends with the session that gave it, which a sign-out ends alone.)
 * The caller holds the user's row lock, so a sign-in, an approval or a collection racing this one
 * either happens before (and is ended here) or after (and sees the account's new state).
 */
export async function endAccess(
  tx: Db,
  userId: number,
  now: Date,
  cause: SessionEndCause,
  keep?: number,
): Promise<{ sessions: number }> {
  const sessions = await accounts.endSessions(tx, userId, now, cause, keep);
  await voidPairingCodes(tx, userId, now);
  await removePushTokens(tx, userId, keep);
  return { sessions };
}
