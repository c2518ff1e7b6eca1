import { validateNewPassword } from '#domain/auth/credentials.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { accounts, passwordRefusal } from '#server/features/auth/auth.service.ts';
import type {
  AuthService,
  KnownDevice,
  PasswordError,
  SessionRefusal,
} from '#server/features/auth/auth.service.ts';
import { erasePairingCodes } from '#server/features/devices/devices.service.ts';
import { erasePhone } from '#server/features/kyc/kyc.service.ts';
import { eraseWithdrawDestinations } from '#server/features/withdraw/withdraw.service.ts';
import { eraseTestimonials } from '#server/features/testimonials/testimonials.service.ts';
import { endAccess } from './account-access.ts';

export type ChangePasswordError =
  | PasswordError
  | 'auth.password_mismatch'
  | 'auth.password_too_short'
  | 'auth.password_too_long'
  | SessionRefusal;
export type DeleteAccountError = PasswordError | 'account.withdrawal_in_progress' | SessionRefusal;

/** The signed-in session a control is asked for. */
interface Asker {
  userId: number;
  sessionId: number;
}

export interface AccountControlsDeps {
  db: Db;
  clock: Clock;
  auth: AuthService;
  /** Whether the user has a withdrawal in progress (the withdraw feature's answer), in a transaction. */
  hasOpenWithdrawal: (executor: Db, userId: number) => Promise<boolean>;
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
      asker: Asker,
      body: { password: string; new_password: string; confirm_password: string },
      device: KnownDevice | null,
    ): Promise<Result<{ signed_out_devices: number }, ChangePasswordError>> {
      const { userId, sessionId } = asker;
      const valid = validateNewPassword(body.new_password, body.confirm_password);
      if (!valid.ok) return valid;
      const refused = passwordRefusal(await auth.checkCurrentPassword(userId, body.password, device));
      if (refused) return refused;
      const passwordHash = await auth.hashPassword(valid.value);
      return db.transaction(async (tx) => {
        const refused = await auth.refusalUnderLock(tx, asker);
        if (refused) return fail(refused);
        await accounts.setPasswordHash(tx, userId, passwordHash);
        const ended = await endAccess(tx, userId, clock.now(), 'new_password', sessionId);
        return ok({ signed_out_devices: ended.sessions });
      });
    },

    /** Signs every other device out and voids the codes approved for the account. */
    async signOutOthers(asker: Asker): Promise<Result<{ signed_out_devices: number }, SessionRefusal>> {
      return db.transaction(async (tx) => {
        const refused = await auth.refusalUnderLock(tx, asker);
        if (refused) return fail(refused);
        const ended = await endAccess(tx, asker.userId, clock.now(), 'other_device', asker.sessionId);
        return ok({ signed_out_devices: ended.sessions });
      });
    },

    async deleteAccount(
      asker: Asker,
      password: string,
      device: KnownDevice | null,
    ): Promise<Result<{ deleted: true }, DeleteAccountError>> {
      const { userId } = asker;
      if (await hasOpenWithdrawal(db, userId)) return fail('account.withdrawal_in_progress');
      const refused = passwordRefusal(await auth.checkCurrentPassword(userId, password, device));
      if (refused) return refused;
      return db.transaction(async (tx) => {
        // The same lock a withdrawal takes: one of the two goes first, and the other sees it.
        const refused = await auth.refusalUnderLock(tx, asker);
        if (refused) return fail(refused);
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
 * transaction hash but not the destination. Each owner erases its own tables. The caller holds the
 * user's row lock.
 */
export async function eraseAccount(tx: Db, userId: number, now: Date) {
  await endAccess(tx, userId, now, 'deleted');
  await erasePairingCodes(tx, userId);
  await erasePhone(tx, userId);
  await eraseWithdrawDestinations(tx, userId);
  await eraseTestimonials(tx, userId);
  await accounts.erase(tx, userId, now);
}

export type AccountControls = ReturnType<typeof createAccountControls>;
