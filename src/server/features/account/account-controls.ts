import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { validateNewPassword } from '#domain/auth/credentials.ts';
import { fail, failWith, ok, type Result } from '#domain/result.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import {
  phoneCodes,
  pushTokens,
  users,
  verifiedPhones,
  withdrawAddresses,
  addressChanges,
  withdrawals,
} from '#server/db/schema.ts';
import { ACCOUNT_DELETED, createAuthRepository } from '#server/features/auth/auth.repository.ts';
import type {
  AuthService,
  KnownDevice,
  LockInfo,
  PasswordCheck,
} from '#server/features/auth/auth.service.ts';
import { createDevicesRepository } from '#server/features/devices/devices.repository.ts';
import { endAccess } from './account-access.ts';

export type PasswordError = 'account.password_wrong' | 'auth.too_many_attempts';
export type ChangePasswordError =
  PasswordError | 'auth.password_mismatch' | 'auth.password_too_short' | 'auth.password_too_long';
export type DeleteAccountError = PasswordError | 'account.withdrawal_in_progress';

export interface AccountControlsDeps {
  db: Db;
  clock: Clock;
  auth: AuthService;
  /** Whether the user has a withdrawal in progress (the withdraw feature's answer), in a transaction. */
  hasOpenWithdrawal: (executor: Db, userId: number) => Promise<boolean>;
}

/** The detail a lock travels with, so the user reads why and until when. */
export function lockDetail(lock: LockInfo) {
  return {
    reason: lock.reason,
    locked_time: epochSeconds(lock.lockedAt),
    until_time: lock.until ? epochSeconds(lock.until) : null,
  };
}

/** A wrong or locked-out password check as the failure to send; null when the password was right. */
export function passwordRefusal(check: PasswordCheck) {
  if (check.kind === 'right') return null;
  if (check.kind === 'locked') return failWith('auth.too_many_attempts' as const, lockDetail(check.lock));
  return fail('account.password_wrong' as const);
}

/**
 * What a user controls about their account: the password (a new one signs every other device out)
 * and the account itself (one confirmation deletes it: every way in ended, personal data erased,
 * ledger rows kept without anything that names the person). Refusals that need no password come
 * before the password is checked, so an answer never tells whether a guessed password was right.
 */
export function createAccountControls({ db, clock, auth, hasOpenWithdrawal }: AccountControlsDeps) {
  return {
    async changePassword(
      userId: number,
      sessionId: number,
      body: { password: string; new_password: string; confirm_password: string },
      device: KnownDevice | null,
    ): Promise<Result<{ signed_out_devices: number }, ChangePasswordError>> {
      const valid = validateNewPassword(body.new_password, body.confirm_password);
      if (!valid.ok) return valid;
      const refused = passwordRefusal(await auth.checkCurrentPassword(userId, body.password, device));
      if (refused) return refused;
      const passwordHash = await auth.hashPassword(valid.value);
      return db.transaction(async (tx) => {
        const repo = createAuthRepository(tx);
        await repo.lockUser(userId);
        await repo.setPasswordHash(userId, passwordHash);
        const ended = await endAccess(tx, userId, clock.now(), sessionId);
        return ok({ signed_out_devices: ended.sessions });
      });
    },

    /** Signs every other device out and voids the codes approved for the account. */
    async signOutOthers(userId: number, sessionId: number): Promise<{ signed_out_devices: number }> {
      return db.transaction(async (tx) => {
        await createAuthRepository(tx).lockUser(userId);
        const ended = await endAccess(tx, userId, clock.now(), sessionId);
        return { signed_out_devices: ended.sessions };
      });
    },

    async deleteAccount(
      userId: number,
      password: string,
      device: KnownDevice | null,
    ): Promise<Result<{ deleted: true }, DeleteAccountError>> {
      if (await hasOpenWithdrawal(db, userId)) return fail('account.withdrawal_in_progress');
      const refused = passwordRefusal(await auth.checkCurrentPassword(userId, password, device));
      if (refused) return refused;
      return db.transaction(async (tx) => {
        // The same lock a withdrawal takes: one of the two goes first, and the other sees it.
        await createAuthRepository(tx).lockUser(userId);
        if (await hasOpenWithdrawal(tx, userId)) return fail('account.withdrawal_in_progress');
        await eraseAccount(tx, userId, clock.now());
        return ok({ deleted: true as const });
      });
    },
  };
}

/**
 * Erases what names a person and keeps what the books need: the user row stays (the ledger points to
 * it) under a name no one can sign in with; every way in ends; sessions and pairing codes forget
 * their addresses and browsers; tokens, phone and address go; past withdrawals keep their amount and
 * transaction hash but not the destination. The caller holds the user's row lock.
 */
export async function eraseAccount(tx: Db, userId: number, now: Date) {
  const gone = `deleted-${userId}-${randomBytes(4).toString('hex')}`;
  await endAccess(tx, userId, now);
  const auth = createAuthRepository(tx);
  await auth.eraseSessionDetails(userId);
  await createDevicesRepository(tx).eraseCodesOf(userId);
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
  await tx.delete(addressChanges).where(eq(addressChanges.userId, userId));
  await tx.update(withdrawals).set({ address: '', tag: '' }).where(eq(withdrawals.userId, userId));
  await auth.recordAccountLock(userId, ACCOUNT_DELETED, now, null);
}

export type AccountControls = ReturnType<typeof createAccountControls>;
