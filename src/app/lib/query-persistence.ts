import type { Query, QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { createStore as createIdbStore, del, get, set } from 'idb-keyval';
import { forgetBootSnapshot, saveBootSnapshot } from './boot-snapshot.ts';

/**
 * The query cache, kept on the device so the last known data shows offline (docs/product-rules.md#sync-rule), in the
 * manner of bluesky-social/social-app's React Query setup.
 */

// Only what the main screens read. Anything not listed is fetched fresh on every visit.
const PERSISTED_ROOTS = new Set([
  'account',
  'tasks',
  'rewards',
  'settings',
  'withdraw',
  'exchanges',
  'kyc',
  'history',
  // Shown offline only until its fresh_until (features/rates): an old price is never today's.
  'rates',
]);
// A cache written by another build may not match this build's shapes: it is dropped, not trusted.
const BUILD_ID = import.meta.env.EARNEST_BUILD_ID ?? 'dev';
// Older than a week, data is more misleading than useful, even offline.
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
// Writes are batched: a screen's worth of queries settles within a moment.
const WRITE_DELAY_MS = 500;

const cacheStore = createIdbStore('earnest-query-cache', 'clients');

const persisters = new Map<string, Persister>();

/** One persisted cache per account, so a shared phone never shows one user's data to another. */
function persisterFor(account: string): Persister {
  let persister = persisters.get(account);
  if (!persister) {
    persister = createPersister(`account:${account}`);
    persisters.set(account, persister);
  }
  return persister;
}

function createPersister(key: string): Persister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const toWrite = pending;
    pending = null;
    if (toWrite) void set(key, toWrite, cacheStore).catch(() => undefined);
  };
  // A page being closed or hidden may never run its timers again: write what is pending now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(flush, WRITE_DELAY_MS);
    },
    restoreClient: () => get<PersistedClient>(key, cacheStore).catch(() => undefined),
    removeClient: () => {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
      return del(key, cacheStore).catch(() => undefined);
    },
  };
}

// A refetch that failed offline keeps its last data, and that data must stay on the device too.
function isPersisted(query: Query): boolean {
  return query.state.data !== undefined && PERSISTED_ROOTS.has(String(query.queryKey[0]));
}

/**
 * Restores the account's cache into its own client (before the first render, so offline screens have
 * data at once) and keeps persisting it; returns how to stop when the account signs out.
 */
export async function persistAccountCache(queryClient: QueryClient, account: string): Promise<() => void> {
  const persister = persisterFor(account);
  await persistQueryClientRestore({ queryClient, persister, buster: BUILD_ID, maxAge: MAX_AGE_MS });
  // What the device kept is for showing at once, not for trusting: every restored query is read
  // again as soon as a screen uses it (the copy may predate the last change the user saw). Answers
  // this page has had already (its early reads, a server-rendered Home's) are not the device's copy.
  await queryClient.invalidateQueries({
    refetchType: 'none',
    predicate: (query) => query.state.dataUpdatedAt < performance.timeOrigin,
  });
  const stopPersisting = persistQueryClientSubscribe({
    queryClient,
    persister,
    buster: BUILD_ID,
    dehydrateOptions: { shouldDehydrateQuery: isPersisted },
  });
  // The boot snapshot (lib/boot-snapshot.ts) follows the answers that arrive, batched like the cache.
  // Answers that came in while the device's copy was being read are in it from the first write.
  let snapshotTimer: ReturnType<typeof setTimeout> | undefined;
  const saveSnapshotSoon = () => {
    snapshotTimer ??= setTimeout(() => {
      snapshotTimer = undefined;
      saveBootSnapshot(queryClient, account);
    }, WRITE_DELAY_MS);
  };
  const stopSnapshot = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') saveSnapshotSoon();
  });
  saveSnapshotSoon();
  return () => {
    clearTimeout(snapshotTimer);
    stopSnapshot();
    stopPersisting();
  };
}

/** A deliberate sign-out leaves nothing of the account's data on the device. */
export async function forgetPersistedCache(account: string): Promise<void> {
  forgetBootSnapshot(account);
  await persisterFor(account).removeClient();
}
