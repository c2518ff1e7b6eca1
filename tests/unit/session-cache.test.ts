import { describe, expect, it } from 'vitest';
import { createSessionCache, sessionsRevoked } from '#server/features/auth/session-cache.ts';

const session = (userId: number, sessionId = userId) => ({
  userId,
  sessionId,
  linkedAt: null,
  lastSeenAt: new Date(0),
  expiresAt: new Date(1_000_000),
});

/** A cache that hears revocations, and so keeps what it is given. */
function listeningCache() {
  const cache = createSessionCache(10_000);
  cache.handlers.listening(true);
  return cache;
}

describe('the session cache', () => {
  it('caches nothing until it hears revocations, and forgets everything when it stops hearing them', () => {
    const cache = createSessionCache(10_000);
    cache.keep('a', session(1), 0, cache.stamp());
    expect(cache.get('a', 1)).toBeNull();
    cache.handlers.listening(true);
    cache.keep('a', session(1), 0, cache.stamp());
    expect(cache.get('a', 1)).toMatchObject({ userId: 1 });
    cache.handlers.listening(false);
    expect(cache.get('a', 2)).toBeNull();
    cache.close();
  });

  it("forgets a user's sessions on their notice, and only theirs", () => {
    const cache = listeningCache();
    cache.keep('a', session(1), 0, cache.stamp());
    cache.keep('b', session(1, 7), 0, cache.stamp());
    cache.keep('c', session(2), 0, cache.stamp());
    cache.handlers.message('1');
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)).toBeNull();
    expect(cache.get('c', 1)).toMatchObject({ userId: 2 });
    cache.close();
  });

  it('does not keep a lookup that a notice overtook, nor a session past its time or its expiry', () => {
    const cache = listeningCache();
    const stamp = cache.stamp();
    cache.handlers.message('9');
    cache.keep('a', session(1), 0, stamp);
    expect(cache.get('a', 1)).toBeNull();
    cache.keep('a', session(1), 0, cache.stamp());
    expect(cache.get('a', 10_001)).toBeNull();
    cache.keep('b', session(2), 999_999, cache.stamp());
    expect(cache.get('b', 1_000_000)).toBeNull();
    cache.close();
  });

  it('forgets and holds a user revoked in this process until the database confirms it', () => {
    const cache = listeningCache();
    cache.keep('a', session(1), 0, cache.stamp());
    sessionsRevoked(1);
    expect(cache.get('a', 1)).toBeNull();
    // Read again before the revoking transaction committed: not kept.
    cache.keep('a', session(1), 1, cache.stamp());
    expect(cache.get('a', 2)).toBeNull();
    // The database's notice ends the hold.
    cache.handlers.message('1');
    cache.keep('a', session(1), 3, cache.stamp());
    expect(cache.get('a', 4)).toMatchObject({ userId: 1 });
    cache.close();
  });
});
