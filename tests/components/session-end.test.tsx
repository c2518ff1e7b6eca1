import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { apiRequest, ApiError } from '#app/lib/http.ts';
import { session } from '#app/lib/session.ts';

/**
 * Why the device was signed out, as the entry page will say it: the server's own reason, and, when the
 * answer's body is cut off (the page reloading as it arrives), "expired" for the token the device held.
 */
const Answer = z.object({ data: z.unknown() });

function answer(status: number, body: () => Promise<string>): Response {
  const response = new Response(null, { status, headers: { 'content-type': 'application/json' } });
  Object.defineProperty(response, 'json', { value: async () => JSON.parse(await body()) as unknown });
  Object.defineProperty(response, 'text', { value: body });
  return response;
}

async function refusal(response: Response): Promise<unknown> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
  return apiRequest('/api/user/userInfo', Answer).catch((error: unknown) => error);
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('a refused session', () => {
  it("takes the server's reason when the body says it", async () => {
    session.signIn('token-1', { username: 'Amina' });
    const body = { code: 401, msg: 'Login expired', data: { error: 'auth.session_expired' } };
    const error = await refusal(answer(401, async () => JSON.stringify(body)));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('auth.session_expired');
    expect(session.token()).toBeNull();
    expect(session.endedBecause()).toBe('session_expired');
  });

  it('is an expired session when the body is cut off but the device held a token', async () => {
    session.signIn('token-2', { username: 'Amina' });
    const error = await refusal(answer(401, () => Promise.reject(new TypeError('aborted'))));
    expect((error as ApiError).code).toBe('auth.session_expired');
    expect(session.endedBecause()).toBe('session_expired');
  });

  it("leaves another tab's newer session on the device: only this tab's refused one ends", async () => {
    session.signIn('token-old', { username: 'Amina' });
    // Another tab of this device signed in again meanwhile (this tab still holds the old token).
    localStorage.setItem('earnest.token', 'token-new');
    const body = { code: 401, msg: 'Password changed', data: { error: 'auth.password_changed' } };
    const error = await refusal(answer(401, async () => JSON.stringify(body)));
    expect((error as ApiError).code).toBe('auth.password_changed');
    expect(session.token()).toBeNull();
    expect(localStorage.getItem('earnest.token')).toBe('token-new');
  });

  it('asks to log in when no token was held', async () => {
    const error = await refusal(answer(401, () => Promise.reject(new TypeError('aborted'))));
    expect((error as ApiError).code).toBe('auth.login_required');
  });
});
