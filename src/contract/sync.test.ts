import { describe, expect, it } from 'vitest';
import { API } from './paths.ts';
import { queuedKindOf, replayVerdict, retryDelayMs } from './sync.ts';

describe('the replay rules', () => {
  it('finishes on a success envelope, including the stored first response of a replay', () => {
    expect(replayVerdict(200, 1)).toBe('done');
  });

  it('keeps an entry whose session was refused until the user signs in again', () => {
    expect(replayVerdict(401, 0)).toBe('needs_sign_in');
    expect(replayVerdict(200, 303)).toBe('needs_sign_in');
  });

  it('retries timeouts, requests still in flight, rate limits and server failures', () => {
    for (const status of [408, 409, 429, 500, 502, 503, 504]) expect(replayVerdict(status, 0)).toBe('retry');
  });

  it('treats any other refusal as final, to be shown to the user', () => {
    for (const status of [400, 403, 404, 413, 422]) expect(replayVerdict(status, 0)).toBe('rejected');
  });

  it('does not take an answer that is not the server envelope for success (a captive portal)', () => {
    expect(replayVerdict(200, null)).toBe('retry');
    expect(replayVerdict(200, 0)).toBe('retry');
  });

  it('backs off from 2 s, doubling, to at most 5 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelayMs(30)).toBe(300_000);
  });

  it('queues exactly the money-moving calls that can wait', () => {
    expect(queuedKindOf(API.taskComplete)).toBe('task.complete');
    expect(queuedKindOf(API.claimInterest)).toBe('interest.claim');
    expect(queuedKindOf(API.newUserReward)).toBe('gift.claim');
    expect(queuedKindOf(API.adComplete)).toBe('ad.complete');
    for (const path of [API.taskStart, API.checkIn, API.logout, '/api/task/complete/x', 'toString']) {
      expect(queuedKindOf(path)).toBeNull();
    }
  });
});
