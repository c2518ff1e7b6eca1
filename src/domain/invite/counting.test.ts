import { describe, expect, it } from 'vitest';
import { inviteStatus, type InviteeFacts } from './counting.ts';

const facts = (over: Partial<InviteeFacts>): InviteeFacts => ({
  phoneVerified: false,
  phoneCountedElsewhere: false,
  walletBound: false,
  closed: false,
  ...over,
});

describe('inviteStatus', () => {
  it('counts a friend under the phone rule only with a number no other counted friend used', () => {
    expect(inviteStatus('phone', facts({ walletBound: true }))).toBe('waiting');
    expect(inviteStatus('phone', facts({ phoneVerified: true }))).toBe('counts');
    expect(inviteStatus('phone', facts({ phoneVerified: true, phoneCountedElsewhere: true }))).toBe(
      'not_counted',
    );
  });

  it('asks for what each rule names, and never counts a closed account', () => {
    expect(inviteStatus('wallet', facts({ walletBound: true }))).toBe('counts');
    expect(inviteStatus('phone_and_wallet', facts({ phoneVerified: true }))).toBe('waiting');
    expect(inviteStatus('phone_and_wallet', facts({ phoneVerified: true, walletBound: true }))).toBe(
      'counts',
    );
    expect(inviteStatus('wallet', facts({ walletBound: true, closed: true }))).toBe('not_counted');
  });
});
