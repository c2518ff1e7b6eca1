import { createStore as createIdbStore, get, set, del } from 'idb-keyval';

/**
 * What this device remembers beyond the session, in IndexedDB and read and written only
 * here: the daily ad record, the cached end of a withdrawal's waiting period, and when the user last
 * refused the install prompt or notifications (docs/product-rules.md#respect-no), and this device's push token with its synced flag.
 */
export interface AdWatchRecord {
  /** When the last ad was watched to the end (ms since the epoch). */
  lastWatchTime: number;
  /** Hours that watched ads have removed from the waiting period so far. */
  totalReducedHours: number;
}

/** This device's push token as last obtained, and whether the server has it for this account. */
export interface PushTokenRecord {
  token: string;
  /** When the token was obtained (ms); it is fetched again after 7 days. */
  savedAt: number;
  synced: boolean;
  /** The account the server last saved it for (a token moves with its device to whoever signs in). */
  account: string;
}

interface Records {
  adWatch: AdWatchRecord;
  withdrawEndTime: number;
  installRefusedAt: number;
  pushRefusedAt: number;
  pushToken: PushTokenRecord;
}

type RecordName = keyof Records;

const records = createIdbStore('earnest-device', 'records');

function isRecord<K extends RecordName>(name: K, value: unknown): value is Records[K] {
  if (name === 'adWatch') {
    const ad = value as Partial<AdWatchRecord> | undefined;
    return typeof ad?.lastWatchTime === 'number' && typeof ad.totalReducedHours === 'number';
  }
  if (name === 'pushToken') {
    const push = value as Partial<PushTokenRecord> | undefined;
    return (
      typeof push?.token === 'string' &&
      typeof push.savedAt === 'number' &&
      typeof push.synced === 'boolean' &&
      typeof push.account === 'string'
    );
  }
  return typeof value === 'number' && Number.isFinite(value);
}

export const deviceRecords = {
  /** The stored record, or null when there is none or it is not what we wrote (storage is user-editable). */
  async read<K extends RecordName>(name: K): Promise<Records[K] | null> {
    try {
      const value: unknown = await get(name, records);
      return isRecord(name, value) ? value : null;
    } catch {
      // No IndexedDB (some private modes): nothing is remembered.
      return null;
    }
  },
  async write<K extends RecordName>(name: K, value: Records[K]): Promise<void> {
    try {
      await set(name, value, records);
    } catch {
      // As above: the record lasts for this visit only.
    }
  },
  async forget(name: RecordName): Promise<void> {
    try {
      await del(name, records);
    } catch {
      // Nothing stored.
    }
  },
};
