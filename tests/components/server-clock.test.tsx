import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '#contract/paths.ts';
import { ServerTimeResponseSchema } from '#contract/settings.ts';
import { apiRequest } from '#app/lib/http.ts';
import { noteServerDate, serverNow } from '#app/lib/server-clock.ts';

// Every answer from the server says its time; timers the server decides count on it.

describe("the server's clock", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    noteServerDate(new Date(0).toUTCString(), 500);
  });

  it("is learnt from each answer's Date header, whatever the phone's clock says", async () => {
    const server = Date.now() - 90_000;
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json(
        { code: 1, msg: 'ok', data: { time: Math.floor(server / 1000) } },
        { headers: { date: new Date(server).toUTCString() } },
      ),
    );
    await apiRequest(API.serverTime, ServerTimeResponseSchema);
    // Within the header's whole second.
    expect(Math.abs(serverNow() - server)).toBeLessThan(1_500);
  });

  it('learns nothing from an answer without one (one kept on the device)', () => {
    noteServerDate(new Date(Date.now() - 60_000).toUTCString());
    const before = serverNow();
    noteServerDate(null);
    expect(Math.abs(serverNow() - before)).toBeLessThan(100);
  });
});
