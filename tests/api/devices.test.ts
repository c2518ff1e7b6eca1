import { describe, expect, it, vi } from 'vitest';
import { testClock } from '#tests/helpers/test-clock.ts';
import { startFakePushService } from '#tests/fakes/fake-push-service.ts';
import { envelope, getAs, postAs, register, useStarted, useTestApp } from '#tests/helpers/app.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const pushService = useStarted(startFakePushService);
const clock = testClock();
const handle = useTestApp(() => ({
  clock,
  env: { COUNTRY_HEADER: 'cf-ipcountry', PUSH_SERVICE_ORIGINS: pushService.value.origin },
}));

const call = (url: string, payload: object, token?: string, headers: Record<string, string> = {}) =>
  postAs(handle.app, url, token ?? null, payload, headers);
const newDeviceAsks = async () =>
  envelope(await call('/api/device/pairing', {}, undefined, { 'user-agent': ANDROID, 'cf-ipcountry': 'az' }))
    .data as {
    code: string;
    secret: string;
  };

describe('linking a device', () => {
  it('links only after the password, hands the session out once, and the new device waits 24 h for money', async () => {
    const { token } = await register(handle.app, 'linker');
    const pairing = await newDeviceAsks();
    expect(pairing.code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const state = () => call('/api/device/pairing/state', { code: pairing.code, secret: pairing.secret });
    expect(envelope(await state()).data).toEqual({ state: 'waiting', token: null });
    // Someone else's secret collects nothing.
    expect(
      envelope(await call('/api/device/pairing/state', { code: pairing.code, secret: 'guess' })).data.state,
    ).toBe('unknown');

    const preview = envelope(
      await call('/api/device/link/preview', { code: pairing.code.toLowerCase() }, token),
    );
    expect(preview.data).toMatchObject({ browser: 'Chrome', os: 'Android', country: 'AZ' });
    const wrong = envelope(
      await call('/api/device/link/approve', { code: pairing.code, password: 'nope' }, token),
    );
    expect(wrong.data.error).toBe('account.password_wrong');
    expect(
      envelope(await call('/api/device/link/approve', { code: pairing.code, password: 'secret12' }, token))
        .code,
    ).toBe(1);
    expect(
      envelope(await call('/api/device/link/approve', { code: pairing.code, password: 'secret12' }, token))
        .data.error,
    ).toBe('device.code_used');

    const collected = envelope(await state()).data as { state: string; token: string };
    expect(collected.state).toBe('approved');
    expect(envelope(await state()).data).toEqual({ state: 'used', token: null });
    const linked = collected.token;
    expect((await getAs(handle.app, '/api/account/userInfo', linked)).statusCode).toBe(200);

    // Within 24 hours the linked device cannot withdraw or change address, phone or password.
    for (const [url, body] of [
      ['/api/user/setWithdrawStatus', {}],
      [
        '/api/withdraw/setAddress',
        { walletaddress: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', tag: '5', password: 'secret12' },
      ],
      ['/api/kyc/sendCode', { phone: '+447400123456' }],
      [
        '/api/account/changePassword',
        { password: 'secret12', new_password: 'x'.repeat(8), confirm_password: 'x'.repeat(8) },
      ],
    ] as const) {
      const refused = await call(url, body, linked, { 'idempotency-key': `cooldown-${url}` });
      expect([url, envelope(refused).data.error]).toEqual([url, 'device.link_cooldown']);
    }

    // Every device of the account sees the new link, and can sign it out.
    const list = envelope(await getAs(handle.app, '/api/account/devices', token)).data as {
      list: { id: number; current: boolean; linked_time: number | null }[];
      latest_link: { os: string } | null;
    };
    expect(list.list).toHaveLength(2);
    expect(list.latest_link).toMatchObject({ os: 'Android', revoked: false });
    const other = list.list.find((device) => !device.current);
    expect(other?.linked_time).not.toBeNull();
    expect(envelope(await call('/api/account/devices/revoke', { id: other?.id }, token)).data).toEqual({
      revoked: true,
    });
    expect((await getAs(handle.app, '/api/account/userInfo', linked)).statusCode).toBe(401);
  });

  it('names what it knows and sends null for the rest: the app words "unknown" in the user language', async () => {
    const { token } = await register(handle.app, 'plainname');
    const asked = envelope(
      await call('/api/device/pairing', {}, undefined, { 'user-agent': 'curl/8.5.0', 'cf-ipcountry': 'XX' }),
    ).data as { code: string };
    const preview = envelope(await call('/api/device/link/preview', { code: asked.code }, token));
    // No English label ("Unknown browser") and no placeholder country (Cloudflare's XX) reach the screen.
    expect(preview.data).toMatchObject({ browser: null, os: null, country: null });
    const list = envelope(await getAs(handle.app, '/api/account/devices', token)).data as {
      list: { browser: string | null; os: string | null }[];
    };
    // The test client's User-Agent (lightMyRequest) names no browser and no system.
    expect(list.list).toEqual([expect.objectContaining({ browser: null, os: null, current: true })]);
  });

  it('refuses an expired code, and stops code guessing', async () => {
    const { token } = await register(handle.app, 'guarded');
    const pairing = await newDeviceAsks();
    clock.advance(5 * 60_000 + 1_000);
    expect(envelope(await call('/api/device/link/preview', { code: pairing.code }, token)).data.error).toBe(
      'device.code_expired',
    );

    // Tries count per account, whatever token asks: a fresh account makes 12 guesses.
    const guesser = (await register(handle.app, 'guesser')).token;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await call(
            '/api/device/link/preview',
            { code: `ABCDE${String(i).padStart(5, '2')}`.slice(0, 10) },
            guesser,
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('code guessing from one address', () => {
  it('stops at five times the per-account limit, however many accounts take turns', async () => {
    const statuses: number[] = [];
    for (let account = 0; account < 6; account++) {
      const { token } = await register(handle.app, `address-guesser-${account}`);
      for (let i = 0; i < 10; i++) {
        const response = await handle.app.inject({
          method: 'POST',
          url: '/api/device/link/preview',
          payload: { code: `QWERT${String(i).padStart(5, '2')}` },
          headers: { [TOKEN_HEADER]: token },
          remoteAddress: '203.0.113.50',
        });
        statuses.push(response.statusCode);
      }
    }
    expect(statuses.slice(0, 50)).toEqual(Array(50).fill(400));
    expect(statuses.slice(50)).toEqual(Array(10).fill(429));
  });
});

describe('the account is told of a new link', () => {
  /** An account with a device that has a push token, and a new device's approved code. */
  async function approvedFor(name: string) {
    const { token } = await register(handle.app, name);
    const saved = await call(
      '/api/other/saveFcmToken',
      { fcmtoken: JSON.stringify(pushService.value.subscription(`${name}-phone`)) },
      token,
    );
    expect(envelope(saved).code).toBe(1);
    const pairing = await newDeviceAsks();
    expect(
      envelope(await call('/api/device/link/approve', { code: pairing.code, password: 'secret12' }, token))
        .code,
    ).toBe(1);
    const collect = () => call('/api/device/pairing/state', { code: pairing.code, secret: pairing.secret });
    return { token, collect };
  }
  const pushedTo = (id: string) => pushService.value.deliveries.some((d) => d.id === id);

  it('pushes to the devices that have a token once the new device is signed in', async () => {
    const { collect } = await approvedFor('watched');
    // Approved is not linked yet: nothing is said until the device has its session.
    expect(pushedTo('watched-phone')).toBe(false);
    expect(envelope(await collect()).data['state']).toBe('approved');
    await vi.waitFor(() => expect(pushedTo('watched-phone')).toBe(true));
  });

  it('says nothing of a link that never happened: an approval whose device never signed in', async () => {
    const { token, collect } = await approvedFor('unlinked');
    // The approving device signs out before the new one collects: the approval ends with it.
    expect((await call('/api/user/logout', {}, token)).statusCode).toBe(200);
    expect(envelope(await collect()).data['state']).toBe('expired');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pushedTo('unlinked-phone')).toBe(false);
  });
});
