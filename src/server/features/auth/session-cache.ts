import type { Database } from '#server/db/database.ts';

/** The database channel every revocation is announced on (migration 0024_session_revocations.sql). */
export const SESSION_REVOKED_CHANNEL = 'earnest_session_revoked';

export interface CachedSession {
  userId: number;
  sessionId: number;
  linkedAt: Date | null;
  lastSeenAt: Date;
  expiresAt: Date;
}

interface Entry {
  session: CachedSession;
  /** When it was read from the database (ms since the epoch, the service's clock). */
  readAt: number;
}

const MAX_ENTRIES = 50_000;
/** How long a user whose sessions this process is revoking is not cached, at most, awaiting the notice. */
const HOLD_MS = 10_000;

/** This process's caches: a revocation made here clears them before its transaction even commits. */
const caches = new Set<{ hold(userId: number): void }>();

/**
 * Called by whatever revokes sessions or closes an account in this process (auth.repository.ts), in
 * its transaction: this process's caches forget the user and do not cache them again until the
 * database's notice for the user arrives (or HOLD_MS, when the transaction rolled back). Other
 * processes hear it from the database at commit.
 */
export function sessionsRevoked(userId: number): void {
  for (const cache of caches) cache.hold(userId);
}

/**
 * Live sessions kept in memory for `ttlMs` so that a signed-in request does not look its session up
 * every time. It is only a shortcut while it can be told at once about every revocation: the
 * database announces each one at commit (a trigger on `sessions` and `account_locks`, on
 * SESSION_REVOKED_CHANNEL) to every server process, which forgets that user's sessions. While that
 * feed is down nothing is cached and every request reads the database, as without a cache.
 * A lookup that raced a revocation (a notice arrived while it ran) is not kept.
 */
export function createSessionCache(ttlMs: number) {
  const byToken = new Map<string, Entry>();
  /** Users being revoked here, until their notice arrives: the time the hold ends. */
  const held = new Map<number, number>();
  let live = false;
  /** Counts notices: a lookup that saw it change while it ran may have read a revoked session. */
  let notices = 0;

  const forgetUser = (userId: number) => {
    for (const [token, entry] of byToken) if (entry.session.userId === userId) byToken.delete(token);
  };

  const isHeld = (userId: number) => {
    const until = held.get(userId);
    if (until === undefined) return false;
    if (until > performance.now()) return true;
    held.delete(userId);
    return false;
  };

  const cache = {
    /** The feed: every notice clears the user it names; an unreadable one, or a gap, clears all. */
    handlers: {
      message(payload: string) {
        notices += 1;
        const userId = Number(payload);
        if (Number.isSafeInteger(userId)) {
          forgetUser(userId);
          held.delete(userId);
        } else byToken.clear();
      },
      listening(isLive: boolean) {
        notices += 1;
        live = isLive;
        byToken.clear();
      },
    },

    /** A stamp to take before reading the database, for `keep`. */
    stamp(): number {
      return notices;
    },

    get(tokenHash: string, now: number): CachedSession | null {
      const entry = byToken.get(tokenHash);
      if (!entry) return null;
      if (!live || now - entry.readAt > ttlMs || now >= entry.session.expiresAt.getTime()) {
        byToken.delete(tokenHash);
        return null;
      }
      return entry.session;
    },

    /** Keeps a session read at `now`, unless a notice arrived since `stamp` or the feed is down. */
    keep(tokenHash: string, session: CachedSession, now: number, stamp: number) {
      if (!live || stamp !== notices || ttlMs <= 0 || isHeld(session.userId)) return;
      if (byToken.size >= MAX_ENTRIES) byToken.clear();
      byToken.set(tokenHash, { session, readAt: now });
    },

    hold(userId: number) {
      notices += 1;
      held.set(userId, performance.now() + HOLD_MS);
      forgetUser(userId);
    },

    /** Stops taking part in this process's revocations (the server closes). */
    close() {
      caches.delete(cache);
      byToken.clear();
      live = false;
    },
  };
  caches.add(cache);
  return cache;
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/** Starts hearing revocations for `cache`; the function it returns stops. */
export function followRevocations(database: Database, cache: SessionCache): Promise<() => Promise<void>> {
  return database.listen(SESSION_REVOKED_CHANNEL, cache.handlers);
}
