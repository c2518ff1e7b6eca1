import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from './errors.ts';
import { API } from './paths.ts';
import { queuedKindOf, replayVerdict, retryDelayMs, SESSION_ENDS, SESSION_NOTICES } from './sync.ts';

/** The server's refusal with a catalogue code, as the worker reads it. */
const refused = (code: ErrorCode) => ({ status: ERRORS[code].status, code: 0, error: code });
const bare = (status: number) => ({ status, code: null, error: null });

describe('the replay rules', () => {
  it('finishes on a success envelope, including the stored first response of a replay', () => {
    expect(replayVerdict({ status: 200, code: 1, error: null })).toBe('done');
  });

  it('keeps an entry whose session was refused until the user signs in again', () => {
    expect(replayVerdict(refused('auth.session_expired'))).toBe('needs_sign_in');
    expect(replayVerdict({ status: 401, code: 303, error: 'auth.login_required' })).toBe('needs_sign_in');
    expect(replayVerdict(bare(401))).toBe('needs_sign_in');
    // Whatever the session's end is called, the code decides, whatever status a proxy made of it.
    for (const code of SESSION_ENDS) {
      expect(ERRORS[code].status).toBe(401);
      expect(replayVerdict({ status: 400, code: 0, error: code }), code).toBe('needs_sign_in');
    }
    expect(SESSION_NOTICES).toEqual([
      'login_required',
      'session_expired',
      'signed_out_elsewhere',
      'password_changed',
      'account_deleted',
      'account_banned',
    ]);
  });

  it('takes a request carried out before (its stored answer forgotten) as done: it was credited then', () => {
    expect(ERRORS['request.done_before'].status).toBe(409);
    expect(replayVerdict(refused('request.done_before'))).toBe('done');
  });

  it('retries a request still in flight, a rate limit and a server failure, by their codes', () => {
    for (const code of ['request.in_flight', 'request.rate_limited', 'server.error'] as const)
      expect(replayVerdict(refused(code))).toBe('retry');
  });

  it('treats a final refusal as final even when it travels with 409 or 429', () => {
    for (const code of [
      'withdraw.in_progress',
      'kyc.already_verified',
      'tasks.already_completed',
      'rewards.already_claimed',
      'kyc.too_many',
    ] as const)
      expect(replayVerdict(refused(code))).toBe('rejected');
    expect(ERRORS['withdraw.in_progress'].status).toBe(409);
  });

  it('retries timeouts, rate limits and failures that are not the server envelope; other 4xx are final', () => {
    for (const status of [408, 429, 500, 502, 503, 504]) expect(replayVerdict(bare(status))).toBe('retry');
    for (const status of [400, 403, 404, 409, 413, 422]) expect(replayVerdict(bare(status))).toBe('rejected');
  });

  it('does not take an answer that is not the server envelope for success (a captive portal)', () => {
    expect(replayVerdict(bare(200))).toBe('retry');
    expect(replayVerdict({ status: 200, code: 0, error: null })).toBe('retry');
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
