import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SERVER_DATA_ID } from '#contract/prerendered-pages.ts';

// The page's globals the cache uses: a document whose hiding flushes the pending write, and which
// may hold the data block of a page the server rendered.
let block: { textContent: string; remove: () => void } | null = null;
const page = Object.assign(new EventTarget(), {
  visibilityState: 'visible' as DocumentVisibilityState,
  getElementById: (id: string) => (id === SERVER_DATA_ID ? block : null),
});
Object.assign(globalThis, { document: page });
const { createAccountQueryClients } = await import('./account-query-clients.ts');
const { serverDataBlock } = await import('./server-render.ts');
const { persistAccountCache } = await import('./query-persistence.ts');
const { session } = await import('./session.ts');

const PROFILE = ['account', 'userInfo'];

/** Writes what is pending to the device now (as hiding the page does) and lets IndexedDB settle. */
async function flush() {
  page.visibilityState = 'hidden';
  page.dispatchEvent(new Event('visibilitychange'));
  page.visibilityState = 'visible';
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('one query client per account on a shared device', () => {
  const clients = createAccountQueryClients(persistAccountCache);

  it("never shows B what A's session read, in memory or from the device", async () => {
    session.signIn('token-a', { username: 'Alice' });
    await clients.ready();
    const alice = clients.current();
    alice.setQueryData(PROFILE, { username: 'Alice', balance: '150' });
    await flush();

    session.clear();
    session.signIn('token-b', { username: 'Bob' });
    await clients.ready();
    const bob = clients.current();
    expect(bob).not.toBe(alice);
    expect(bob.getQueryData(PROFILE)).toBeUndefined();
    bob.setQueryData(PROFILE, { username: 'Bob', balance: '3' });
    await flush();

    // Alice again on the same device: her own last copy, not Bob's.
    session.clear();
    session.signIn('token-a2', { username: 'alice' });
    await clients.ready();
    expect(clients.current().getQueryData(PROFILE)).toEqual({ username: 'Alice', balance: '150' });
  });

  it('keeps the same client when the same session learns its account or its lasting id', async () => {
    // A linked device: the session first, its account from the user info.
    session.clear();
    session.signInWithToken('token-linked');
    const before = clients.current();
    before.setQueryData(PROFILE, { username: 'Lina', balance: '7' });
    session.rememberAccount({ username: 'Lina' }, 'token-linked');
    expect(clients.current()).toBe(before);
    // Then its lasting id, from a server of this release.
    session.rememberAccount(
      { username: 'Lina', account_id: 'c1a5e3d2-7b4f-4a6e-9d8c-2f1b0e3a5c7d' },
      'token-linked',
    );
    await clients.ready();
    expect(clients.current()).toBe(before);
    expect(clients.current().getQueryData(PROFILE)).toEqual({ username: 'Lina', balance: '7' });
  });

  it('gives a signed-out device an empty client of its own', () => {
    session.clear();
    expect(clients.current().getQueryData(PROFILE)).toBeUndefined();
  });
});

describe("a server-rendered Landing's public answers", () => {
  it("go to the client of a device signed out, which renders the page's rules without reading them", () => {
    session.clear();
    const SETTINGS = ['settings', 'public'];
    const text = serverDataBlock({
      account: null,
      entries: [{ queryKey: SETTINGS, data: { tasks_per_day: 10 } }],
    })
      .replace(/^<script[^>]*>/, '')
      .replace(/<\/script>$/, '');
    block = { textContent: text, remove: () => (block = null) };
    const clients = createAccountQueryClients(persistAccountCache);
    expect(clients.current().getQueryData(SETTINGS)).toEqual({ tasks_per_day: 10 });
    expect(block).toBeNull();
  });
});
