import { describe, expect, it } from 'vitest';
import {
  can,
  normaliseOperatorName,
  normaliseTotpCode,
  OPS_IDLE_MS,
  OPS_PERMISSIONS,
  OPS_SESSION_MS,
  opsSessionEnd,
} from './operators.ts';

describe('operator roles', () => {
  it('lets an admin do everything', () => {
    for (const permission of OPS_PERMISSIONS) expect(can('admin', permission)).toBe(true);
  });

  it('lets support read, ban and reject withdrawals, and nothing else', () => {
    const allowed = OPS_PERMISSIONS.filter((permission) => can('support', permission));
    expect(allowed).toEqual(['read', 'users.ban', 'withdrawals.reject']);
  });
});

describe('operator sessions', () => {
  const start = new Date('2026-11-24T08:00:00Z');

  it('end after 30 minutes without a request', () => {
    expect(opsSessionEnd(start, start).getTime() - start.getTime()).toBe(OPS_IDLE_MS);
  });

  it('end 8 hours after sign-in however busy', () => {
    const busy = new Date(start.getTime() + OPS_SESSION_MS - 60_000);
    expect(opsSessionEnd(start, busy).getTime()).toBe(start.getTime() + OPS_SESSION_MS);
  });
});

describe('operator names and codes', () => {
  it('keeps names lower-case and refuses the command line’s own name', () => {
    expect(normaliseOperatorName(' Alice.Ops ')).toBe('alice.ops');
    expect(normaliseOperatorName('cli')).toBeNull();
    expect(normaliseOperatorName('ab')).toBeNull();
    expect(normaliseOperatorName('has space')).toBeNull();
  });

  it('reads six digits, spaces allowed', () => {
    expect(normaliseTotpCode('123 456')).toBe('123456');
    expect(normaliseTotpCode('12345')).toBeNull();
    expect(normaliseTotpCode('12345a')).toBeNull();
  });

  it('reads the code as an Arabic or a Chinese keyboard types it', () => {
    expect(normaliseTotpCode('١٢٣ ٤٥٦')).toBe('123456');
    expect(normaliseTotpCode('۱۲۳۴۵۶')).toBe('123456');
    expect(normaliseTotpCode('１２３\u3000４５６')).toBe('123456');
    expect(normaliseTotpCode('١٢٣٤٥')).toBeNull();
  });
});
