import { describe, expect, it } from 'vitest';
import { readPushToken } from './push-token.ts';

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const subscription = (endpoint: string) => JSON.stringify({ endpoint, keys });

describe('push tokens', () => {
  it('accepts subscriptions of the browsers’ push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGuQyavXutnMbQ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect(readPushToken(subscription(endpoint), [])).toEqual({
        type: 'webpush',
        subscription: { endpoint, keys },
      });
    }
  });

  it('refuses endpoints that would make the server call anywhere else', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://127.0.0.1:5432/',
      'http://169.254.169.254/latest/meta-data',
      'not a url',
    ]) {
      expect([endpoint, readPushToken(subscription(endpoint), [])]).toEqual([endpoint, null]);
    }
  });

  it('accepts the origins the operator adds, and nothing under another port', () => {
    const extra = ['http://127.0.0.1:9000'];
    expect(readPushToken(subscription('http://127.0.0.1:9000/push/a'), extra)?.type).toBe('webpush');
    expect(readPushToken(subscription('http://127.0.0.1:9001/push/a'), extra)).toBeNull();
  });

  it('tells FCM registration tokens apart and refuses junk', () => {
    const fcm = `eXaMpLe_Id1:APA91b${'H'.repeat(140)}`;
    expect(readPushToken(fcm, [])).toEqual({ type: 'fcm', token: fcm });
    expect(readPushToken('hello', [])).toBeNull();
    expect(readPushToken('{"endpoint":"https://fcm.googleapis.com/x"}', [])).toBeNull();
    expect(
      readPushToken(
        JSON.stringify({ endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: '<>', auth: 'a' } }),
        [],
      ),
    ).toBeNull();
    expect(readPushToken('null', [])).toBeNull();
    // Well-formed base64url, but no key a browser makes: a short point, a compressed one, a short secret.
    for (const bad of [
      { ...keys, p256dh: 'AAAA' },
      { ...keys, p256dh: `A${keys.p256dh.slice(1)}` },
      { ...keys, auth: 'AAAA' },
    ]) {
      expect(
        readPushToken(JSON.stringify({ endpoint: 'https://fcm.googleapis.com/x', keys: bad }), []),
      ).toBeNull();
    }
  });
});
