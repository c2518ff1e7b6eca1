import { describe, expect, it } from 'vitest';
import {
  maySend,
  PUSH_KINDS,
  TOKEN_REFRESH_MS,
  TOPIC_DEFAULTS,
  tokenNeedsRefresh,
  topicOf,
  topicSettings,
} from './topics.ts';

describe('push topics', () => {
  it('sends news about money and devices by default, the tasks reminder only to those who asked', () => {
    const defaults = topicSettings([]);
    expect(defaults).toEqual({ withdrawals: true, devices: true, ad: true, tasks: false });
    expect(maySend('withdrawal_success', defaults)).toBe(true);
    expect(maySend('withdrawal_failed', defaults)).toBe(true);
    expect(maySend('device_linked', defaults)).toBe(true);
    expect(maySend('ad_available', defaults)).toBe(true);
    expect(maySend('tasks_reset', defaults)).toBe(false);
    expect(maySend('tasks_reset', topicSettings([{ topic: 'tasks', enabled: true }]))).toBe(true);
  });

  it('lets every kind but the requested test push be turned off', () => {
    const allOff = topicSettings(Object.keys(TOPIC_DEFAULTS).map((topic) => ({ topic, enabled: false })));
    for (const kind of PUSH_KINDS)
      expect([kind, maySend(kind, allOff)]).toEqual([kind, kind === 'push_test']);
    expect(topicOf('push_test')).toBeNull();
  });

  it('ignores a stored topic that no longer exists', () => {
    expect(topicSettings([{ topic: 'marketing', enabled: true }])).toEqual(TOPIC_DEFAULTS);
  });
});

describe('push token refresh', () => {
  const savedAt = Date.UTC(2026, 10, 1);
  it('fetches a token when there is none or it is 7 days old, and re-sends one the server lacks', () => {
    expect(tokenNeedsRefresh(null, savedAt)).toBe('fetch');
    expect(tokenNeedsRefresh({ savedAt, synced: true }, savedAt + TOKEN_REFRESH_MS - 1)).toBe('none');
    expect(tokenNeedsRefresh({ savedAt, synced: false }, savedAt + 1)).toBe('send');
    expect(tokenNeedsRefresh({ savedAt, synced: true }, savedAt + TOKEN_REFRESH_MS)).toBe('fetch');
    expect(TOKEN_REFRESH_MS).toBe(7 * 24 * 3600 * 1000);
  });
});
