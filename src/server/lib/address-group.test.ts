import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group.ts';

describe('the address a per-address limit counts', () => {
  it('is an IPv4 address itself, also when written IPv4-mapped', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it("is an IPv6 subscriber's /56: every address a machine may pick inside it counts as one", () => {
    const group = addressGroup('2001:db8:1:2::1');
    expect(group).toBe('2001:db8:1:0:0:0:0:0/56');
    for (const other of [
      '2001:db8:1:2::ffff',
      '2001:db8:1:ff:1234:5678:9abc:def0',
      '2001:DB8:1:2:0:0:0:9%eth0',
    ])
      expect(addressGroup(other), other).toBe(group);
    expect(addressGroup('2001:db8:1:100::1')).toBe('2001:db8:1:100:0:0:0:0/56');
    expect(addressGroup('2001:db8:2:2::1')).not.toBe(group);
    expect(addressGroup('::1')).toBe('0:0:0:0:0:0:0:0/56');
  });

  it('is something for any input, never an exception (a closed socket has no address)', () => {
    expect(addressGroup(undefined)).toBe('');
    expect(addressGroup('not an address')).toBe('not an address');
  });
});
