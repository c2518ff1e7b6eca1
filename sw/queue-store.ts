import { createStore, del, get, promisifyRequest, set, update, values } from 'idb-keyval';
import type { QueuedAction } from '#contract/sync.ts';

/** One kept request: what the page is shown, plus what it takes to send it again. */
export interface QueueEntry extends QueuedAction {
  /** Keeps the order of entries made in the same millisecond. */
  seq: number;
  url: string;
  bodyText: string;
  contentType: string | null;
  /** The session the request was made with; a newer one from the page replaces it. */
  token: string | null;
}

/** The device's current session as the page last reported it. */
export interface DeviceSession {
  account: string | null;
  token: string | null;
}

// IndexedDB survives worker restarts and updates: a kept request lives here until it is settled.
const queue = createStore('earnest-sync-queue', 'entries');
const meta = createStore('earnest-sync-meta', 'values');

// After the kept entries, whatever the clock says: a worker restarted after the device's clock was
// set back must not file a new entry before an older one. The memory keeps two entries made in the
// same millisecond apart.
let lastSeq = 0;
function nextSeq(kept: readonly QueueEntry[]): number {
  const newest = kept.reduce((max, entry) => Math.max(max, entry.seq), 0);
  lastSeq = Math.max(lastSeq + 1, newest + 1, Date.now() * 1000);
  return lastSeq;
}

/**
 * Changes a kept entry in one transaction, if it is still kept: the replay and a refile may change
 * the same entry at once, and neither may undo the other's change.
 */
function changeEntry(id: string, next: (entry: QueueEntry) => QueueEntry): Promise<void> {
  return queue('readwrite', (store) => {
    const read = store.get(id) as IDBRequest<QueueEntry | undefined>;
    read.onsuccess = () => {
      if (read.result) store.put(next(read.result), id);
    };
    return promisifyRequest(store.transaction);
  });
}

export const queueStore = {
  async add(entry: Omit<QueueEntry, 'seq'>): Promise<void> {
    const kept = (await values<QueueEntry>(queue)).filter(Boolean);
    await set(entry.id, { ...entry, seq: nextSeq(kept) }, queue);
  },
  /** Every entry, oldest first. */
  async all(): Promise<QueueEntry[]> {
    const entries = await values<QueueEntry>(queue);
    return entries.filter(Boolean).sort((a, b) => a.seq - b.seq);
  },
  change(id: string, patch: Partial<QueueEntry>): Promise<void> {
    return changeEntry(id, (entry) => ({ ...entry, ...patch }));
  },
  /** Files the entries of `from` kept since `since` (epoch ms) under `to`; how many it moved. */
  async refile(from: string, to: string, since: number): Promise<number> {
    let moved = 0;
    for (const entry of await this.all()) {
      if (entry.account !== from || entry.queuedAt < since) continue;
      await changeEntry(entry.id, (kept) => (kept.account === from ? { ...kept, account: to } : kept));
      moved += 1;
    }
    return moved;
  },
  async remove(id: string): Promise<void> {
    await del(id, queue);
  },
  /** Drops every entry of an account that is gone for good (deleted): none can ever be sent. */
  async forgetAccount(account: string): Promise<void> {
    for (const entry of await this.all()) {
      if (entry.account === account) await del(entry.id, queue);
    }
  },
  async session(): Promise<DeviceSession> {
    return (await get<DeviceSession>('session', meta)) ?? { account: null, token: null };
  },
  async setSession(session: DeviceSession): Promise<void> {
    await set('session', session, meta);
  },
  /**
   * Forgets the session's token if it is still `token` of `account`, keeping the account, in one
   * transaction: a page's newer session, reported meanwhile, stays.
   */
  async forgetToken(account: string, token: string): Promise<void> {
    await update<DeviceSession>(
      'session',
      (now = { account: null, token: null }) =>
        now.account === account && now.token === token ? { account, token: null } : now,
      meta,
    );
  },
};

/** What the page may see of an entry: never the session token. */
export function publicView(entry: QueueEntry): QueuedAction {
  const { id, kind, account, body, state, queuedAt, attempts, retryAt, error } = entry;
  return { id, kind, account, body, state, queuedAt, attempts, retryAt, error };
}
