import { createStore as createIdbStore, get, set, del } from 'idb-keyval';

/**
 * What this device remembers beyond the session (seed §3–§4), in IndexedDB and read and written only
 * here: the daily ad record, the cached end of a withdrawal's waiting period, and when the user last
 * refused the install prompt (H10).
 */
export interface AdWatchRecord {
  /** When the last ad was watched to the end (ms since the epoch). */
  lastWatchTime: number;
  /** Hours that watched ads have removed from the waiting period so far. */
  totalReducedHours: number;
}

interface Records {
  adWatch: AdWatchRecord;
  withdrawEndTime: number;
  installRefusedAt: number;
}

type RecordName = keyof Records;

const records = createIdbStore('earnest-device', 'records');

function isRecord<K extends RecordName>(name: K, value: unknown): value is Records[K] {
  if (name === 'adWatch') {
    const ad = value as Partial<AdWatchRecord> | undefined;
    return typeof ad?.lastWatchTime === 'number' && typeof ad.totalReducedHours === 'number';
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
