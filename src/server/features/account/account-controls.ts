import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { validateNewPassword } from '#domain/auth/credentials.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import {
  accountLocks,
  phoneCodes,
  pushTokens,
  users,
  verifiedPhones,
  withdrawAddresses,
  withdrawals,
} from '#server/db/schema.ts';
import { hashPassword, verifyPassword } from '#server/features/auth/password.ts';
import { revokeUserSessions } from '#server/features/auth/revoke-sessions.ts';

export type ChangePasswordError =
  'account.password_wrong' | 'auth.password_mismatch' | 'auth.password_too_short' | 'auth.password_too_long';
export type DeleteAccountError = 'account.password_wrong' | 'account.withdrawal_in_progress';

/**
 * What a user controls about their account (H10): the password (changing it signs every other device
 * out) and the account itself (one confirmation deletes it: sessions revoked, personal data erased,
 * ledger rows kept without anything that names the person). Bans are the operator's (H8).
 */
export function createAccountControls(db: Db, clock: Clock) {
  async function passwordMatches(userId: number, password: string) {
    const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return user ? verifyPassword(user.hash, password) : false;
  }

  return {
    async changePassword(
      userId: number,
      sessionId: number,
      body: { password: string; new_password: string; confirm_password: string },
    ): Promise<Result<{ signed_out_devices: number }, ChangePasswordError>> {
      const valid = validateNewPassword(body.new_password, body.confirm_password);
      if (!valid.ok) return valid;
      if (!(await passwordMatches(userId, body.password))) return fail('account.password_wrong');
      const passwordHash = await hashPassword(valid.value);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        return ok({ signed_out_devices: await revokeUserSessions(tx, userId, now, sessionId) });
      });
    },

    async deleteAccount(
      userId: number,
      password: string,
    ): Promise<Result<{ deleted: true }, DeleteAccountError>> {
      if (!(await passwordMatches(userId, password))) return fail('account.password_wrong');
      return db.transaction(async (tx) => {
        const [open] = await tx
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(
            and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['processing', 'transferring'])),
          );
        if (open) return fail('account.withdrawal_in_progress');
        await eraseAccount(tx, userId, clock.now());
        return ok({ deleted: true as const });
      });
    },
  };
}

/**
 * Erases what names a person and keeps what the books need: the user row stays (the ledger points to
 * it) under a name no one can sign in with; sessions, tokens, phone and address go.
 */
export async function eraseAccount(tx: Db, userId: number, now: Date) {
  const gone = `deleted-${userId}-${randomBytes(4).toString('hex')}`;
  await revokeUserSessions(tx, userId, now);
  await tx
    .update(users)
    .set({
      username: gone,
      usernameKey: gone,
      email: null,
      // Not a hash any password can match.
      passwordHash: `!deleted:${createHash('sha256').update(randomBytes(32)).digest('hex')}`,
      inviteCode: gone,
      language: null,
      country: null,
    })
    .where(eq(users.id, userId));
  await tx.delete(pushTokens).where(eq(pushTokens.userId, userId));
  await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
  await tx.delete(verifiedPhones).where(eq(verifiedPhones.userId, userId));
  await tx.delete(withdrawAddresses).where(eq(withdrawAddresses.userId, userId));
  await tx.insert(accountLocks).values({ userId, reason: 'account_deleted', createdAt: now, until: null });
}

export type AccountControls = ReturnType<typeof createAccountControls>;
