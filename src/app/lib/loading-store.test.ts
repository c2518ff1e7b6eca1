import { describe, expect, it } from 'vitest';
import { hideLoading, IDLE, showLoading } from './loading-store.ts';

describe('loading overlay counting', () => {
  it('stays visible until every show is matched by a hide', () => {
    let state = showLoading(IDLE);
    state = showLoading(state, { text: 'Claiming...' });
    expect(state).toEqual({ show: true, count: 2, text: 'Claiming...', type: 'full' });
    state = hideLoading(state);
    expect(state.show).toBe(true);
    state = hideLoading(state);
    expect(state).toEqual(IDLE);
  });

  it('restores the default text and type when it hides', () => {
    const state = hideLoading(showLoading(IDLE, { text: 'Logging in...', type: 'inline' }));
    expect(state.text).toBeNull();
    expect(state.type).toBe('full');
  });

  it('never counts below zero', () => {
    expect(hideLoading(hideLoading(IDLE))).toEqual(IDLE);
    expect(showLoading(hideLoading(IDLE)).count).toBe(1);
  });
});
