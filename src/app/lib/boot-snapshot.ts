import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';

/**
 * The boot snapshot (docs/decisions/011-prerendered-first-paint.md): the few answers Home's first
 * screen shows (balance, today's tasks, the day's reward, the settings it needs), kept in
 * localStorage so a repeat visit renders them synchronously, before the persisted query cache
 * (lib/query-persistence.ts) is read back from IndexedDB. They go into the account's own query
 * client as what they are, its last known data: stale, read again as soon as a screen uses them,
 * and marked offline by the same rules as every other cached answer.
 *
 * One snapshot on the device at a time, under the account it belongs to: another account never
 * reads it (it is dropped on sight), and signing out or deleting the account forgets it with the
 * rest of the account's data (forgetPersistedCache).
 */
/** Where the snapshot is kept (also looked at by the prerendered page's loader, src/app/boot-script.ts). */
export const BOOT_SNAPSHOT_KEY = 'earnest.boot-snapshot';
const STORAGE_KEY = BOOT_SNAPSHOT_KEY;
// The same bound as the persisted cache: older, the data misleads more than it helps.
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The roots of the query keys Home's first screen reads. */
const SNAPSHOT_KEYS: readonly QueryKey[] = [
  queryKeys.account.userInfo(),
  // The day's task list (in each language) and the week's history.
  queryKeys.tasks.all,
  queryKeys.rewards.daily(),
  queryKeys.settings.public(),
  queryKeys.account.kyc(),
  // A withdrawal on its way: the pill at the top, and no "way to a withdrawal" card.
  queryKeys.withdraw.status(),
];

interface SnapshotEntry {
  queryKey: QueryKey;
  data: unknown;
  updatedAt: number;
}

interface Snapshot {
  account: string;
  build: string;
  entries: SnapshotEntry[];
}

const BUILD_ID = import.meta.env.EARNEST_BUILD_ID ?? 'dev';

function readRaw(): Snapshot | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Snapshot> | null;
    if (!parsed || typeof parsed.account !== 'string' || !Array.isArray(parsed.entries)) return null;
    return { account: parsed.account, build: String(parsed.build), entries: parsed.entries };
  } catch {
    return null;
  }
}

/** Removes the snapshot, whoever it belongs to. */
function removeRaw() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // No storage: nothing was kept.
  }
}

/**
 * The account's snapshot entries, or none. A snapshot of another account (a switch on a shared
 * device) or of another build (its shapes may differ) is dropped, never read.
 */
export function readBootSnapshot(account: string, now = Date.now()): SnapshotEntry[] {
  const snapshot = readRaw();
  if (!snapshot) return [];
  if (snapshot.account !== account || snapshot.build !== BUILD_ID) {
    removeRaw();
    return [];
  }
  return snapshot.entries.filter((entry) => now - entry.updatedAt < MAX_AGE_MS);
}

/** Puts the account's snapshot into its client, as stale data that is read again on use. */
export function seedFromBootSnapshot(queryClient: QueryClient, account: string): boolean {
  const entries = readBootSnapshot(account);
  for (const { queryKey, data, updatedAt } of entries) {
    queryClient.setQueryData(queryKey, data, { updatedAt });
  }
  if (entries.length) void queryClient.invalidateQueries({ refetchType: 'none' });
  return entries.length > 0;
}

function isSnapshotKey(queryKey: QueryKey): boolean {
  return SNAPSHOT_KEYS.some((root) => root.every((part, i) => queryKey[i] === part));
}

/** Keeps the account's snapshot equal to the last known answers of its client. */
export function saveBootSnapshot(queryClient: QueryClient, account: string) {
  const entries: SnapshotEntry[] = [];
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.data === undefined || !isSnapshotKey(query.queryKey)) continue;
    entries.push({ queryKey: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt });
  }
  // An account with nothing to show yet (its first answers not in) leaves nothing on the device.
  if (entries.length === 0) {
    removeRaw();
    return;
  }
  const snapshot: Snapshot = { account, build: BUILD_ID, entries };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    // No storage or full: the next visit reads the persisted cache instead.
  }
}

/** Forgets the account's snapshot (sign-out, deletion); another account's is not touched. */
export function forgetBootSnapshot(account: string) {
  const snapshot = readRaw();
  if (snapshot && snapshot.account === account) removeRaw();
}
