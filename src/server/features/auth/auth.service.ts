import { validateCheckIn, type CheckInInput, type CredentialsError } from '#domain/auth/credentials.ts';
import { LOGIN_LOCK_SECONDS, locksAfter } from '#domain/auth/lockout.ts';
import type { Locale } from '#domain/i18n/locales.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import { isUniqueViolation } from '#server/db/database.ts';
import type { AuthRepository } from './auth.repository.ts';
import { hashPassword, verifyDecoy, verifyPassword } from './password.ts';
import { hashToken, newInviteCode, newSessionToken } from './tokens.ts';

export type CheckInError =
  | CredentialsError
  | 'auth.invalid_credentials'
  | 'auth.too_many_attempts'
  | 'auth.account_locked'
  | 'auth.account_taken';

/** Why an account cannot sign in now, as recorded (DESIGN.md H8). */
export interface LockInfo {
  reason: string;
  lockedAt: Date;
  until: Date | null;
}

export type CheckInOutcome =
  | { ok: true; value: { userId: number; token: string } }
  | { ok: false; error: CheckInError; lock?: LockInfo };

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The language the device shows, kept on a new account. */
  language: Locale | null;
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  clock: Clock;
  sessionTtlDays: number;
}

const INVITE_CODE_ATTEMPTS = 5;
// Sliding expiry is written at most this often, so reads do not turn into writes.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function createAuthService({ repo, clock, sessionTtlDays }: AuthServiceDeps) {
  const ttlMs = sessionTtlDays * 24 * 60 * 60 * 1000;

  async function openSession(userId: number, client: ClientInfo): Promise<string> {
    const now = clock.now();
    const token = newSessionToken();
    await repo.insertSession({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip,
    });
    return token;
  }

  async function register(input: CheckInInput, client: ClientInfo): Promise<CheckInOutcome> {
    const valid = validateCheckIn(input);
    if (!valid.ok) return valid;
    const { account, accountKey, email, password, inviteCode } = valid.value;

    let invitedBy: number | null = null;
    if (inviteCode) {
      invitedBy = await repo.findUserIdByInviteCode(inviteCode);
      if (invitedBy === null) return fail('invite.code_invalid');
    }

    const passwordHash = await hashPassword(password);
    for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt++) {
      try {
        const user = await repo.insertUser({
          username: account,
          usernameKey: accountKey,
          email,
          passwordHash,
          inviteCode: newInviteCode(),
          invitedBy,
          language: client.language,
          createdAt: clock.now(),
        });
        return ok({ userId: user.id, token: await openSession(user.id, client) });
      } catch (error) {
        // A colliding invitation code is drawn again; a taken name is the user's to change.
        if (isUniqueViolation(error, 'users_invite_code_unique')) continue;
        if (isUniqueViolation(error)) return fail('auth.account_taken');
        throw error;
      }
    }
    throw new Error('could not draw a free invitation code');
  }

  async function login(input: CheckInInput, client: ClientInfo): Promise<CheckInOutcome> {
    const valid = validateCheckIn(input);
    if (!valid.ok) return valid;
    const { accountKey, password } = valid.value;
    const now = clock.now();

    const lockedUntil = await repo.activeNameLock(accountKey, now);
    if (lockedUntil) {
      return {
        ok: false,
        error: 'auth.too_many_attempts',
        lock: {
          reason: 'too_many_failed_logins',
          lockedAt: new Date(lockedUntil.getTime() - LOGIN_LOCK_SECONDS * 1000),
          until: lockedUntil,
        },
      };
    }

    const user = await repo.findUserByAccountKey(accountKey);
    const matches = user ? await verifyPassword(user.passwordHash, password) : false;
    if (!user) await verifyDecoy(password);

    if (!user || !matches) {
      const failures = await repo.countFailure(accountKey, now);
      if (!locksAfter(failures)) return fail('auth.invalid_credentials');
      const until = new Date(now.getTime() + LOGIN_LOCK_SECONDS * 1000);
      await repo.lockName(accountKey, until, now);
      if (user) await repo.recordAccountLock(user.id, 'too_many_failed_logins', now, until);
      return {
        ok: false,
        error: 'auth.too_many_attempts',
        lock: { reason: 'too_many_failed_logins', lockedAt: now, until },
      };
    }

    const lock = await repo.activeAccountLock(user.id, now);
    if (lock) {
      return {
        ok: false,
        error: 'auth.account_locked',
        lock: { reason: lock.reason, lockedAt: lock.createdAt, until: lock.until },
      };
    }

    await repo.clearFailures(accountKey);
    return ok({ userId: user.id, token: await openSession(user.id, client) });
  }

  /** The live session a token belongs to, or null when it is unknown, expired or revoked. */
  async function authenticate(
    token: string,
  ): Promise<Result<{ userId: number; sessionId: number; linkedAt: Date | null }, 'auth.session_expired'>> {
    const now = clock.now();
    const session = await repo.findLiveSession(hashToken(token), now);
    if (!session) return fail('auth.session_expired');
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await repo.touchSession(session.id, now, new Date(now.getTime() + ttlMs));
    }
    return ok({ userId: session.userId, sessionId: session.id, linkedAt: session.linkedAt });
  }

  async function logout(sessionId: number): Promise<void> {
    await repo.revokeSession(sessionId, clock.now());
  }

  return { register, login, authenticate, logout };
}

export type AuthService = ReturnType<typeof createAuthService>;
