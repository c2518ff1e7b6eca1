import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { deviceRecords } from './device-records.ts';

describe('the device records', () => {
  it('keeps the ad watch record, the withdrawal end time and the install refusal', async () => {
    expect(await deviceRecords.read('adWatch')).toBeNull();
    await deviceRecords.write('adWatch', { lastWatchTime: 1_700_000_000_000, totalReducedHours: 6 });
    await deviceRecords.write('withdrawEndTime', 1_800_000_000_000);
    await deviceRecords.write('installRefusedAt', 1_750_000_000_000);
    expect(await deviceRecords.read('adWatch')).toEqual({
      lastWatchTime: 1_700_000_000_000,
      totalReducedHours: 6,
    });
    expect(await deviceRecords.read('withdrawEndTime')).toBe(1_800_000_000_000);
    expect(await deviceRecords.read('installRefusedAt')).toBe(1_750_000_000_000);
    await deviceRecords.forget('withdrawEndTime');
    expect(await deviceRecords.read('withdrawEndTime')).toBeNull();
  });

  it('ignores a record that is not what the app wrote', async () => {
    const raw = createStore('earnest-device', 'records');
    await set('adWatch', { lastWatchTime: 'yesterday' }, raw);
    await set('withdrawEndTime', 'soon', raw);
    expect(await deviceRecords.read('adWatch')).toBeNull();
    expect(await deviceRecords.read('withdrawEndTime')).toBeNull();
  });
});
