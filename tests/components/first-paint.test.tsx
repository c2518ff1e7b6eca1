import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { holdReadsUntilPainted } from '#app/lib/first-paint.ts';
import { apiRequest } from '#app/lib/http.ts';
import { session } from '#app/lib/session.ts';
import { RESULT, successSchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';

// The app's first screen is painted before the reads its components ask for go out
// (src/app/lib/first-paint.ts): held from the first commit until the frame after it, and never longer.

const Schema = successSchema(z.object({ n: z.number() }));
const fetchMock = vi.fn(
  async () =>
    new Response(JSON.stringify({ code: RESULT.ok, msg: '', data: { n: 1 } }), {
      headers: { 'content-type': 'application/json' },
    }),
);
/** The frame callbacks the page asked for, run when the test says the browser paints. */
let frames: FrameRequestCallback[] = [];

function paint() {
  const due = frames;
  frames = [];
  for (const frame of due) frame(performance.now());
}

/** Lets promises and the message posted after the frame run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  frames = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
  session.signIn('token-a', { username: 'alice' });
});

afterEach(async () => {
  paint();
  await settle();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.clear();
});

it('a read asked after the first commit goes once that screen is painted', async () => {
  holdReadsUntilPainted();
  const read = apiRequest(API.userInfo, Schema);
  await settle();
  expect(fetchMock).not.toHaveBeenCalled();
  paint();
  await expect(read).resolves.toEqual({ n: 1 });
  expect(fetchMock).toHaveBeenCalledOnce();
});

it('reads go at once when no screen is being painted, and once it has been', async () => {
  await apiRequest(API.userInfo, Schema);
  expect(fetchMock).toHaveBeenCalledOnce();
  holdReadsUntilPainted();
  paint();
  await settle();
  await apiRequest(API.kycStatus, Schema);
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

it('a change is never held, only reads', async () => {
  holdReadsUntilPainted();
  const change = apiRequest(API.newUserReward, Schema, { method: 'post', json: {}, idempotencyKey: 'k' });
  expect(fetchMock).toHaveBeenCalledOnce();
  await change.catch(() => undefined);
});

it('a page hidden before its frame does not keep its reads waiting', async () => {
  holdReadsUntilPainted();
  const read = apiRequest(API.userInfo, Schema);
  // No frame comes: the hold gives up after a quarter of a second.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(fetchMock).toHaveBeenCalledOnce();
  await read;
});

it('a hidden page holds nothing', async () => {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  holdReadsUntilPainted();
  await apiRequest(API.userInfo, Schema);
  expect(fetchMock).toHaveBeenCalledOnce();
});
