import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_DATA_ID } from '#contract/prerendered-pages.ts';

// The page's globals: a document holding (or not) the data block of a server-rendered page.
let block: { textContent: string; remove: () => void } | null = null;
const page = Object.assign(new EventTarget(), {
  visibilityState: 'visible' as DocumentVisibilityState,
  getElementById: (id: string) => (id === SERVER_DATA_ID ? block : null),
});
Object.assign(globalThis, { document: page });

const { seedFromServerRender, serverDataBlock } = await import('./server-render.ts');
const { persistAccountCache, forgetPersistedCache } = await import('./query-persistence.ts');
const { createQueryClient } = await import('./query-client.ts');

const PROFILE = ['account', 'userInfo'];

/** Puts the block the server would write into the page, as the browser parses it. */
function pageWith(html: string) {
  const match = /^<script type="application\/json" id="([^"]+)">(.*)<\/script>$/s.exec(html);
  expect(match?.[1]).toBe(SERVER_DATA_ID);
  block = { textContent: match?.[2] ?? '', remove: () => (block = null) };
}

describe("a server-rendered page's answers", () => {
  afterEach(() => {
    block = null;
  });

  it("seed the account's client as fresh answers, once", () => {
    pageWith(serverDataBlock({ account: 'alice', entries: [{ queryKey: PROFILE, data: { balance: '7' } }] }));
    const client = createQueryClient();
    expect(seedFromServerRender(client, 'alice')).toBe(true);
    expect(client.getQueryData(PROFILE)).toEqual({ balance: '7' });
    expect(client.getQueryState(PROFILE)?.isInvalidated).toBe(false);
    // Read once: the block is gone, and a later client gets nothing from it.
    expect(block).toBeNull();
    expect(seedFromServerRender(createQueryClient(), 'alice')).toBe(false);
  });

  it("are never another account's", () => {
    pageWith(serverDataBlock({ account: 'alice', entries: [{ queryKey: PROFILE, data: { balance: '7' } }] }));
    const bob = createQueryClient();
    expect(seedFromServerRender(bob, 'bob')).toBe(false);
    expect(bob.getQueryData(PROFILE)).toBeUndefined();
  });

  it("are public on Landing: for nobody's client, never an account's, and an account's never for nobody's", () => {
    const SETTINGS = ['settings', 'public'];
    const landing = serverDataBlock({
      account: null,
      entries: [{ queryKey: SETTINGS, data: { tasks_per_day: 10 } }],
    });
    pageWith(landing);
    const alice = createQueryClient();
    expect(seedFromServerRender(alice, 'alice')).toBe(false);
    expect(alice.getQueryData(SETTINGS)).toBeUndefined();
    pageWith(landing);
    const signedOut = createQueryClient();
    expect(seedFromServerRender(signedOut, null)).toBe(true);
    expect(signedOut.getQueryData(SETTINGS)).toEqual({ tasks_per_day: 10 });

    pageWith(serverDataBlock({ account: 'alice', entries: [{ queryKey: PROFILE, data: { balance: '7' } }] }));
    const nobody = createQueryClient();
    expect(seedFromServerRender(nobody, null)).toBe(false);
    expect(nobody.getQueryData(PROFILE)).toBeUndefined();
  });

  it('cannot close their element early, whatever text they carry', () => {
    const html = serverDataBlock({
      account: 'alice',
      entries: [{ queryKey: PROFILE, data: { title: '</script><script>alert(1)</script>' } }],
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    pageWith(html);
    const client = createQueryClient();
    seedFromServerRender(client, 'alice');
    expect(client.getQueryData(PROFILE)).toEqual({ title: '</script><script>alert(1)</script>' });
  });

  it("stay fresh when the device's older copy is restored behind them", async () => {
    // The device kept an older answer from an earlier visit.
    const earlier = createQueryClient();
    const stop = await persistAccountCache(earlier, 'alice');
    earlier.setQueryData(PROFILE, { balance: '1' }, { updatedAt: performance.timeOrigin - 60_000 });
    earlier.setQueryData(
      ['account', 'kyc'],
      { status: 'none' },
      { updatedAt: performance.timeOrigin - 60_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    stop();

    pageWith(serverDataBlock({ account: 'alice', entries: [{ queryKey: PROFILE, data: { balance: '7' } }] }));
    const client = createQueryClient();
    seedFromServerRender(client, 'alice');
    const stopAgain = await persistAccountCache(client, 'alice');
    stopAgain();
    // The page's answer wins and is not read again; the device's copy of the rest is.
    expect(client.getQueryData(PROFILE)).toEqual({ balance: '7' });
    expect(client.getQueryState(PROFILE)?.isInvalidated).toBe(false);
    expect(client.getQueryState(['account', 'kyc'])?.isInvalidated).toBe(true);
    await forgetPersistedCache('alice');
  });
});
