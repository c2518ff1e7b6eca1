import { classicAddressToXAddress } from 'ripple-address-codec';
import { describe, expect, it } from 'vitest';
import { ledgerTag, parseDestination, readAddressQr } from './address.ts';

// Bitstamp's published deposit address (also in the exchange whitelist).
const CLASSIC = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B';

describe('a withdrawal destination', () => {
  it('accepts a classic address with a valid checksum and a numeric tag', () => {
    expect(parseDestination(` ${CLASSIC} `, ' 00123 ')).toEqual({
      ok: true,
      value: { address: CLASSIC, tag: '123' },
    });
  });

  it('reads a tag typed on an Arabic or Persian keyboard as the number it is', () => {
    expect(parseDestination(CLASSIC, '١٢٣')).toEqual({ ok: true, value: { address: CLASSIC, tag: '123' } });
    expect(parseDestination(CLASSIC, '۴۲')).toEqual({ ok: true, value: { address: CLASSIC, tag: '42' } });
  });

  it('refuses an empty address, a wrong length and a bad checksum, with the catalogue codes', () => {
    expect(parseDestination('', '1')).toEqual({ ok: false, error: 'withdraw.address_required' });
    expect(parseDestination('rShort', '1')).toEqual({ ok: false, error: 'withdraw.address_length' });
    expect(parseDestination(`r${'x'.repeat(100)}`, '1')).toEqual({
      ok: false,
      error: 'withdraw.address_length',
    });
    const typo = `${CLASSIC.slice(0, -1)}C`;
    expect(parseDestination(typo, '1')).toEqual({ ok: false, error: 'withdraw.address_invalid' });
  });

  it('refuses tags that are not numbers within the ledger 32-bit range', () => {
    for (const tag of ['', 'abc', '-1', '1.5', '4294967296', '9'.repeat(51)]) {
      expect(parseDestination(CLASSIC, tag)).toEqual({ ok: false, error: 'withdraw.tag_invalid' });
    }
    expect(parseDestination(CLASSIC, '4294967295')).toMatchObject({ ok: true });
  });

  it('decodes an X-address into its classic address and tag', () => {
    const x = classicAddressToXAddress(CLASSIC, 77, false);
    expect(parseDestination(x, '')).toEqual({ ok: true, value: { address: CLASSIC, tag: '77' } });
    expect(parseDestination(x, '77')).toMatchObject({ ok: true });
    expect(parseDestination(x, '78')).toEqual({ ok: false, error: 'withdraw.tag_invalid' });
    expect(parseDestination(classicAddressToXAddress(CLASSIC, 77, true), '')).toEqual({
      ok: false,
      error: 'withdraw.address_invalid',
    });
  });
});

describe('a deposit QR code', () => {
  const address = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';
  it('gives the address and, when it carries one, the tag', () => {
    expect(readAddressQr(address)).toEqual({ address, tag: null });
    expect(readAddressQr(`xrpl:${address}?dt=4242`)).toEqual({ address, tag: '4242' });
    expect(readAddressQr(`ripple:${address}?dt=7&amount=1`)).toEqual({ address, tag: '7' });
    expect(readAddressQr(`${address}?dt=x`)).toEqual({ address, tag: null });
  });

  it('refuses what is not an XRP address', () => {
    expect(readAddressQr('https://example.com')).toBeNull();
    expect(readAddressQr(`xrpl:${address.slice(0, -1)}b`)).toBeNull();
  });
});

describe('the tag a payment carries', () => {
  it('is the saved digits within 32 bits, never 0 for an empty one', () => {
    expect(ledgerTag('4242')).toBe(4242);
    expect(ledgerTag('4294967295')).toBe(4_294_967_295);
    expect(ledgerTag('')).toBeNull();
    expect(ledgerTag('4294967296')).toBeNull();
    expect(ledgerTag('12a')).toBeNull();
  });
});
