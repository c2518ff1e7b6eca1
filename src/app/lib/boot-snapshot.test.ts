import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';

// The page's globals: localStorage (kept in memory here) and a document for the cache's flush.
const stored = new Map<string, string>();
const storage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
};
const page = Object.assign(new EventTarget(), {
  visibilityState: 'visible' as DocumentVisibilityState,
  getElementById: () => null,
});
Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
Object.assign(globalThis, { document: page });

const { readBootSnapshot, saveBootSnapshot, seedFromBootSnapshot, forgetBootSnapshot } =
  await import('./boot-snapshot.ts');
const { createAccountQueryClients } = await import('./account-query-clients.ts');
const { forgetPersistedCache, persistAccountCache } = await import('./query-persistence.ts');
const { createQueryClient } = await import('./query-client.ts');
const { session } = await import('./session.ts');

const PROFILE = ['account', 'userInfo'];
const ALICE = { username: 'Alice', balance: '150' };

function clientWith(data: Record<string, unknown>) {
  const client = createQueryClient();
  client.setQueryData(PROFILE, data);
  return client;
}

describe('the boot snapshot', () => {
  beforeEach(() => stored.clear());

  it('gives the account its own last known answers, stale so they are read again', () => {
    saveBootSnapshot(clientWith(ALICE), 'alice');
    const client = createQueryClient();
    expect(seedFromBootSnapshot(client, 'alice')).toBe(true);
    expect(client.getQueryData(PROFILE)).toEqual(ALICE);
    expect(client.getQueryState(PROFILE)?.isInvalidated).toBe(true);
  });

  it("never gives one account's snapshot to another, and drops it when another signs in", () => {
    saveBootSnapshot(clientWith(ALICE), 'alice');
    const bob = createQueryClient();
    expect(seedFromBootSnapshot(bob, 'bob')).toBe(false);
    expect(bob.getQueryData(PROFILE)).toBeUndefined();
    // The switch removed it: Alice's balance is no longer on the device in it.
    expect(readBootSnapshot('alice')).toEqual([]);
    expect([...stored.values()].join()).not.toContain('150');
  });

  it('leaves nothing on the device for an account with no answers yet', () => {
    saveBootSnapshot(clientWith(ALICE), 'alice');
    saveBootSnapshot(createQueryClient(), 'bob');
    expect(stored.size).toBe(0);
  });

  it("keeps only the first screen's answers", () => {
    const client = clientWith(ALICE);
    client.setQueryData(['withdraw', 'logs'], [{ amount: '99' }]);
    saveBootSnapshot(client, 'alice');
    expect(readBootSnapshot('alice').map((entry) => entry.queryKey)).toEqual([PROFILE]);
  });

  it('forgets nothing of another account, and all of its own on sign-out', async () => {
    saveBootSnapshot(clientWith(ALICE), 'alice');
    forgetBootSnapshot('bob');
    expect(readBootSnapshot('alice')).toHaveLength(1);
    await forgetPersistedCache('alice');
    expect(readBootSnapshot('alice')).toEqual([]);
  });

  it('ignores an answer older than a week', () => {
    saveBootSnapshot(clientWith(ALICE), 'alice');
    expect(readBootSnapshot('alice', Date.now() + 8 * 24 * 60 * 60 * 1000)).toEqual([]);
  });

  it('is written as answers arrive and seeds the next visit before the device cache is read', async () => {
    const clients = createAccountQueryClients(persistAccountCache);
    session.signIn('token-a', { username: 'Alice' });
    await clients.ready();
    await clients.current().fetchQuery({ queryKey: PROFILE, queryFn: () => Promise.resolve(ALICE) });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(readBootSnapshot('alice')).toHaveLength(1);

    // A second page load of the same account: the snapshot is in the client synchronously.
    session.clear();
    const again = createAccountQueryClients(() => new Promise(() => undefined));
    session.signIn('token-a2', { username: 'alice' });
    await again.ready();
    expect(again.current().getQueryData(PROFILE)).toEqual(ALICE);

    // Bob on the same device starts from nothing.
    session.clear();
    session.signIn('token-b', { username: 'Bob' });
    expect(again.current().getQueryData(PROFILE)).toBeUndefined();
    expect(readBootSnapshot('alice')).toEqual([]);
    session.clear();
  });
});
