import { describe, expect, it } from 'vitest';
import { clickAction, parsePushPayload } from './push-notice.ts';

describe('push payloads', () => {
  it('reads Firebase Cloud Messaging payloads', () => {
    const notice = parsePushPayload({
      notification: { title: 'Payment final', body: '150 XRP reached your exchange', image: '/img/paid.png' },
      data: { icon: '/icons/icon-192.png', link: '/withdraw/status', messageId: 'm-1' },
    });
    expect(notice).toEqual({
      kind: null,
      title: 'Payment final',
      body: '150 XRP reached your exchange',
      image: '/img/paid.png',
      icon: '/icons/icon-192.png',
      link: '/withdraw/status',
      messageId: 'm-1',
      ack: null,
    });
  });

  it('reads plain Web Push payloads and fills the defaults', () => {
    expect(parsePushPayload({ body: 'Tasks are back', link: '/home' })).toEqual({
      kind: null,
      title: null,
      body: 'Tasks are back',
      image: null,
      icon: '/logo.png',
      link: '/home',
      messageId: null,
      ack: null,
    });
    expect(parsePushPayload('not json').link).toBe('/home');
  });

  it('knows the kinds the app words itself', () => {
    expect(parsePushPayload({ data: { kind: 'withdrawal_success', link: '/withdraw/status' } }).kind).toBe(
      'withdrawal_success',
    );
    expect(parsePushPayload({ data: { kind: 'something_else' } }).kind).toBeNull();
    expect(parsePushPayload({ data: { kind: 'push_test', ack: 'a1b2' } })).toMatchObject({
      kind: 'push_test',
      ack: 'a1b2',
    });
  });

  it('follows only links into the app', () => {
    for (const link of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(parsePushPayload({ link }).link).toBe('/home');
    }
  });
});

describe('a notification click', () => {
  const origin = 'https://earnest.example';
  it('focuses the focused Earnest window, else the first one, and never opens a second', () => {
    expect(
      clickAction(
        [
          { url: 'https://other.example/', focused: true },
          { url: `${origin}/home`, focused: false },
          { url: `${origin}/home/mine`, focused: true },
        ],
        origin,
      ),
    ).toEqual({ kind: 'focus', index: 2 });
    expect(clickAction([{ url: `${origin}/home`, focused: false }], origin)).toEqual({
      kind: 'focus',
      index: 0,
    });
  });

  it('opens a window only when no Earnest window is open', () => {
    expect(clickAction([], origin)).toEqual({ kind: 'open' });
    expect(clickAction([{ url: 'https://other.example/', focused: true }], origin)).toEqual({ kind: 'open' });
  });
});
