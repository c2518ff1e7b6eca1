import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from './toast-store.ts';

const texts = () => toasts.shown().map((toast) => toast.text);

describe('toasts', () => {
  afterEach(() => {
    for (const toast of toasts.shown()) toasts.dismiss(toast.id);
    vi.useRealTimers();
  });

  it('show one at a time: a newer one replaces the one showing', () => {
    toasts.screenChanged('/home');
    toasts.push('success', 'Address saved');
    toasts.push('error', "Couldn't turn on notifications");
    expect(texts()).toEqual(["Couldn't turn on notifications"]);
  });

  it('belong to their screen: leaving it clears it, a toast for the next screen waits for that screen', () => {
    toasts.screenChanged('/home/mine');
    toasts.push('success', 'Code copied');
    toasts.screenChanged('/home');
    expect(texts()).toEqual([]);
    toasts.push('success', 'Signed out', { forNextScreen: true });
    toasts.screenChanged('/');
    expect(texts()).toEqual(['Signed out']);
    toasts.screenChanged('/landing');
    expect(texts()).toEqual([]);
  });

  it('go by themselves once there was time to read them slowly, a refusal after twice that', () => {
    vi.useFakeTimers();
    toasts.push('info', 'Link copied');
    vi.advanceTimersByTime(5_900);
    expect(texts()).toEqual(['Link copied']);
    vi.advanceTimersByTime(100);
    expect(texts()).toEqual([]);

    const long =
      'Signed out on this device. The server could not be reached; your other devices stay signed in until you sign them out.';
    toasts.push('info', long);
    vi.advanceTimersByTime(9_000);
    expect(texts()).toEqual([long]);
    vi.advanceTimersByTime(2_000);
    expect(texts()).toEqual([]);

    toasts.push('error', 'Copy failed');
    vi.advanceTimersByTime(11_900);
    expect(texts()).toEqual(['Copy failed']);
    vi.advanceTimersByTime(100);
    expect(texts()).toEqual([]);
  });
});
