import { createHash, randomBytes } from 'node:crypto';
import {
  accountKeyOf,
  legacyAccountKeyOf,
  validateCheckIn,
  type CheckInInput,
  type CredentialsError,
} from '#domain/auth/credentials.ts';
import { LOGIN_LOCK_SECONDS, locksAfter } from '#domain/auth/lockout.ts';
import { fail, failWith, ok, type Result } from '#domain/result.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import { isUniqueViolation, type Db } from '#server/db/database.ts';
import { ledger } from '#server/ledger/ledger.ts';
import type { KeyedHash } from '#server/lib/server-secrets.repository.ts';
import {
  ACCOUNT_DELETED,
  createAuthRepository,
  type SessionEndCause,
  type SessionStanding,
  type SessionRow,
  type UserRow,
} from './auth.repository.ts';
import { hashPassword, verifyDecoy, verifyPassword } from './password.ts';
import type { SessionCache } from './session-cache.ts';
import { hashToken, newInviteCode, newSessionToken } from './tokens.ts';

/** Password hashing and token hashing, shared with the operators' feature (features/ops). */
export { hashPassword, verifyDecoy, verifyPassword } from './password.ts';
export { hashToken, newSessionToken } from './tokens.ts';

export type CheckInError =
  | CredentialsError
  | 'auth.invalid_credentials'
  | 'auth.too_many_attempts'
  | 'auth.account_locked'
  | 'auth.account_taken';

/** Why an account cannot sign in now, as recorded (docs/product-rules.md#accountable-enforcement). */
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
}

/**
 * A device that signed in to an account before: the account and the random nonce of its signed
 * device cookie (OWASP's "device cookies"). Its password tries are counted apart from everyone
 * else's, so strangers guessing a name cannot lock the owner's own devices out.
 */
export interface KnownDevice {
  userId: number;
  nonce: string;
}

/** The outcome of a password try: right, wrong, or refused unchecked because the tries are used up. */
export type PasswordCheck = { kind: 'right' } | { kind: 'wrong' } | { kind: 'locked'; lock: LockInfo };

/** The detail a lock travels with, so the user reads why and until when. */
export function lockDetail(lock: LockInfo) {
  return {
    reason: lock.reason,
    locked_time: epochSeconds(lock.lockedAt),
    until_time: lock.until ? epochSeconds(lock.until) : null,
  };
}

export type PasswordError = 'account.password_wrong' | 'auth.too_many_attempts';

/** A wrong or locked-out password check as the failure to send; null when the password was right. */
export function passwordRefusal(check: PasswordCheck) {
  if (check.kind === 'right') return null;
  if (check.kind === 'locked') return failWith('auth.too_many_attempts' as const, lockDetail(check.lock));
  return fail('account.password_wrong' as const);
}

/**
 * What other features do to an account inside their own transaction: take its row lock (account
 * changes, sign-ins, withdrawals and approvals take turns on it), end its sessions, record a ban,
 * erase what names the person. Auth owns the users, sessions and locks these touch.
 */
export type { SessionEndCause };

/** Why a token no longer opens a session, as the device that holds it is told. */
export type SessionRefusal =
  | 'auth.session_expired'
  | 'auth.signed_out_elsewhere'
  | 'auth.password_changed'
  | 'auth.account_deleted'
  | 'auth.account_banned';

/**
 * Said to the device whose session no longer lets it in, so that it says what happened: not
 * "expired" when the user (or someone with the password) signed it out or deleted the account, or
 * when the account is banned (the next sign-in shows the ban's reason; once it is lifted, the
 * sign-in just works). A deletion comes first: nothing kept for the account can ever be sent again.
 * An own sign-out leaves nothing to tell.
 */
function refusalFor(standing: SessionStanding | null): SessionRefusal {
  const cause = standing?.cause ?? null;
  if (cause === 'deleted' || standing?.deleted) return 'auth.account_deleted';
  if (cause === 'other_device') return 'auth.signed_out_elsewhere';
  if (cause === 'new_password') return 'auth.password_changed';
  if (standing?.closed && (cause === 'banned' || cause === null)) return 'auth.account_banned';
  return 'auth.session_expired';
}

export const accounts = {
  /** The account's id from its user name as typed, or null. */
  async idOf(db: Db, username: string): Promise<number | null> {
    return createAuthRepository(db).findUserIdByNameKey(accountKeyOf(username), legacyAccountKeyOf(username));
  },

  /** Locks the user's row until the transaction ends: the ledger's lock, which money moves take too. */
  lock(tx: Db, userId: number): Promise<void> {
    return ledger.lockUser(tx, userId);
  },

  /** Revokes the user's sessions but `keep`, for `cause`; how many ended. */
  endSessions(tx: Db, userId: number, now: Date, cause: SessionEndCause, keep?: number): Promise<number> {
    return createAuthRepository(tx).revokeSessionsOf(userId, now, cause, keep);
  },

  /** Saves a new password's hash. */
  setPasswordHash(tx: Db, userId: number, passwordHash: string): Promise<void> {
    return createAuthRepository(tx).setPasswordHash(userId, passwordHash);
  },

  /** The reason of the ban or deletion in force at `now`, as recorded; null when the account is open. */
  async closedReason(db: Db, userId: number, now: Date): Promise<string | null> {
    return (await createAuthRepository(db).activeAccountLock(userId, now))?.reason ?? null;
  },

  /** Records a ban with its reason (it stands until lifted). */
  ban(tx: Db, userId: number, reason: string, now: Date): Promise<void> {
    return createAuthRepository(tx).recordAccountLock(userId, reason, now, null);
  },

  /** Lifts every ban or lock in force — never a deletion; how many. */
  unban(db: Db, userId: number, now: Date): Promise<number> {
    return createAuthRepository(db).liftLocks(userId, now);
  },

  /**
   * Erases what names the person: the user row stays (the ledger points to it) under a name no one can
   * sign in with, sessions forget their addresses and browsers, and the deletion is recorded for good.
   */
  async erase(tx: Db, userId: number, now: Date): Promise<void> {
    const repo = createAuthRepository(tx);
    const gone = `deleted-${userId}-${randomBytes(4).toString('hex')}`;
    await repo.eraseSessionDetails(userId);
    // Not a hash any password can match.
    await repo.anonymise(
      userId,
      gone,
      `!deleted:${createHash('sha256').update(randomBytes(32)).digest('hex')}`,
    );
    await repo.recordAccountLock(userId, ACCOUNT_DELETED, now, null);
  },
};

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  sessionTtlDays: number;
  /** Keys the names in the attempt counters, so they hold no account name. */
  hash: KeyedHash;
  /** Live sessions kept in memory while revocations are heard (session-cache.ts); none without. */
  sessionCache?: SessionCache;
}

const INVITE_CODE_ATTEMPTS = 5;
// Sliding expiry is written at most this often, so reads do not turn into writes.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;
const LOCK_MS = LOGIN_LOCK_SECONDS * 1000;

export function createAuthService({ db, clock, sessionTtlDays, hash, sessionCache }: AuthServiceDeps) {
  const repo = createAuthRepository(db);
  const ttlMs = sessionTtlDays * 24 * 60 * 60 * 1000;

  async function openSession(
    executor: Db,
    userId: number,
    client: ClientInfo,
    linkedAt: Date | null = null,
  ): Promise<string> {
    const now = clock.now();
    const token = newSessionToken();
    await createAuthRepository(executor).insertSession({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip,
      linkedAt,
    });
    return token;
  }

  const tooMany = (until: Date): LockInfo => ({
    reason: 'too_many_failed_logins',
    lockedAt: new Date(until.getTime() - LOCK_MS),
    until,
  });

  /**
   * Every password check goes through here — sign-in, a new password, deleting the account,
   * approving a device — so all share one limit (5 failures lock for a day). The try is counted
   * before the hash is checked; a known device of the account counts on its own key.
   */
  async function checkPassword(
    user: UserRow | null,
    accountKey: string,
    password: string,
    device: KnownDevice | null,
  ): Promise<PasswordCheck> {
    const key =
      device && user && device.userId === user.id
        ? `device:${hash('device', device.nonce)}`
        : `name:${hash('name', accountKey)}`;
    const now = clock.now();
    const reserved = await repo.reserveAttempt(key, now);
    if (reserved.lockedUntil && reserved.lockedUntil > now)
      return { kind: 'locked', lock: tooMany(reserved.lockedUntil) };
    if (locksAfter(reserved.failures - 1)) {
      // Tries beyond the limit that raced the one that locked: refused without touching the hash.
      return {
        kind: 'locked',
        lock: tooMany(await repo.lockAttempts(key, new Date(now.getTime() + LOCK_MS), now)),
      };
    }
    const matches = user
      ? await verifyPassword(user.passwordHash, password)
      : (await verifyDecoy(password), false);
    if (matches) {
      await repo.clearAttempts(key);
      return { kind: 'right' };
    }
    if (!locksAfter(reserved.failures)) return { kind: 'wrong' };
    return {
      kind: 'locked',
      lock: tooMany(await repo.lockAttempts(key, new Date(now.getTime() + LOCK_MS), now)),
    };
  }

  /** What a session that no longer lets its account in is told, as every request of it is. */
  async function refusalOf(sessionId: number, executor: Db = db): Promise<SessionRefusal> {
    return refusalFor(await createAuthRepository(executor).standingOf({ sessionId }, clock.now()));
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
          // The request does not say which language the app shows: a browser's Accept-Language is
          // its own settings, not the language the user picked in the app. The app saves that one
          // once it sees an account without a language.
          language: null,
          createdAt: clock.now(),
        });
        return ok({ userId: user.id, token: await openSession(db, user.id, client) });
      } catch (error) {
        // A colliding invitation code is drawn again; a taken name is the user's to change.
        if (isUniqueViolation(error, 'users_invite_code_unique')) continue;
        if (isUniqueViolation(error)) return fail('auth.account_taken');
        throw error;
      }
    }
    throw new Error('could not draw a free invitation code');
  }

  async function login(
    input: CheckInInput,
    client: ClientInfo,
    device: KnownDevice | null,
  ): Promise<CheckInOutcome> {
    const valid = validateCheckIn(input);
    if (!valid.ok) return valid;
    const { accountKey, legacyAccountKey, password } = valid.value;
    const user = await repo.findUserByAccountKey(accountKey, legacyAccountKey);
    // Tries count on the name as typed, folded: whether an account was found, or which, does not
    // change whose tries they are.
    const checked = await checkPassword(user, accountKey, password, device);
    if (checked.kind === 'locked') return { ok: false, error: 'auth.too_many_attempts', lock: checked.lock };
    if (checked.kind === 'wrong' || !user) return fail('auth.invalid_credentials');

    // The session opens under the account's lock, on the account as it is then: a new password, a
    // ban or a deletion that committed while the password was being checked refuses this sign-in
    // (one that commits after it ends the session, under the same lock).
    return db.transaction(async (tx): Promise<CheckInOutcome> => {
      await accounts.lock(tx, user.id);
      const locked = createAuthRepository(tx);
      const current = await locked.findUser(user.id);
      if (current?.passwordHash !== user.passwordHash) return fail('auth.invalid_credentials');
      const lock = await locked.activeAccountLock(user.id, clock.now());
      if (lock) {
        return {
          ok: false,
          error: 'auth.account_locked',
          lock: { reason: lock.reason, lockedAt: lock.createdAt, until: lock.until },
        };
      }
      return ok({ userId: user.id, token: await openSession(tx, user.id, client) });
    });
  }

  /**
   * The live session a token belongs to, or null when it is unknown, expired or revoked, or when its
   * account is banned, locked or deleted: the one check every signed-in request passes.
   */
  async function authenticate(
    token: string,
  ): Promise<Result<{ userId: number; sessionId: number; linkedAt: Date | null }, SessionRefusal>> {
    const now = clock.now();
    const tokenHash = hashToken(token);
    const cached = sessionCache?.get(tokenHash, now.getTime());
    if (cached) {
      if (now.getTime() - cached.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        const expiresAt = new Date(now.getTime() + ttlMs);
        await repo.touchSession(cached.sessionId, now, expiresAt);
        Object.assign(cached, { lastSeenAt: now, expiresAt });
      }
      return ok({ userId: cached.userId, sessionId: cached.sessionId, linkedAt: cached.linkedAt });
    }
    const stamp = sessionCache?.stamp() ?? 0;
    const session = await repo.findLiveSession(tokenHash, now);
    if (!session) return fail(refusalFor(await repo.standingOf({ tokenHash }, now)));
    // A lock in force closes the account to a session that is still live, too (ending access ends
    // the sessions as well, so this is for a lock written by other means).
    if (session.closed) return fail(refusalFor({ cause: null, ...session }));
    let { lastSeenAt, expiresAt } = session;
    if (now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      lastSeenAt = now;
      expiresAt = new Date(now.getTime() + ttlMs);
      await repo.touchSession(session.id, now, expiresAt);
    }
    sessionCache?.keep(
      tokenHash,
      { userId: session.userId, sessionId: session.id, linkedAt: session.linkedAt, lastSeenAt, expiresAt },
      now.getTime(),
      stamp,
    );
    return ok({ userId: session.userId, sessionId: session.id, linkedAt: session.linkedAt });
  }

  return {
    register,
    login,
    authenticate,

    async logout(sessionId: number): Promise<void> {
      await repo.revokeSession(sessionId, clock.now());
    },

    /** A signed-in user's current password, under the same limit as sign-in. */
    async checkCurrentPassword(userId: number, password: string, device: KnownDevice | null) {
      const user = await repo.findUser(userId);
      if (!user) return { kind: 'wrong' } as const;
      return checkPassword(user, user.usernameKey, password, device);
    },

    hashPassword,

    /** Opens a session for a device the account approved (it waits 24 h for money and security). */
    openLinkedSession(tx: Db, userId: number, client: ClientInfo): Promise<string> {
      return openSession(tx, userId, client, clock.now());
    },

    /** Whether a session still lets its account in: live, of an account with no ban, lock or deletion. */
    admits(executor: Db, session: { userId: number; sessionId: number }): Promise<boolean> {
      return createAuthRepository(executor).sessionAdmits(session.sessionId, clock.now());
    },

    /**
     * Takes the account's lock in `tx` for a request of `session`: null while that session still
     * lets the account in, else what the device is told, as every later request of it would be.
     * Every change of an account's state (a ban, a deletion, a new password, a sign-out of a device)
     * takes this lock, so it either came before and is seen here, or comes after and sees what this
     * request changed. A request that checked a password first (hundreds of milliseconds of hashing)
     * writes nothing when this answers a refusal: a thief's request already under way must not
     * outlive the sign-out that ended its session.
     */
    async refusalUnderLock(
      tx: Db,
      session: { userId: number; sessionId: number },
    ): Promise<SessionRefusal | null> {
      await accounts.lock(tx, session.userId);
      if (await createAuthRepository(tx).sessionAdmits(session.sessionId, clock.now())) return null;
      return refusalOf(session.sessionId, tx);
    },

    refusalOf,

    liveSessions(userId: number): Promise<SessionRow[]> {
      return repo.liveSessions(userId, clock.now());
    },

    revokeOther(userId: number, currentSessionId: number, sessionId: number): Promise<boolean> {
      return repo.revokeOther(userId, currentSessionId, sessionId, clock.now());
    },

    latestLinkSince(userId: number, since: Date): Promise<SessionRow | null> {
      return repo.latestLinkSince(userId, since);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
