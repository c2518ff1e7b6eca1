import { describe, expect, it } from 'vitest';
import {
  countryCode,
  describeDevice,
  formatPairingCode,
  inLinkCooldown,
  LINKED_DEVICE_COOLDOWN_MS,
  newPairingCode,
  normalisePairingCode,
  PAIRING_ALPHABET,
} from './pairing.ts';

describe('pairing codes', () => {
  it('are 10 symbols from an alphabet of 32 without look-alikes', () => {
    expect(PAIRING_ALPHABET).toHaveLength(32);
    expect(PAIRING_ALPHABET).not.toMatch(/[IO01]/);
    const code = newPairingCode((n) => Math.floor(Math.random() * n));
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(formatPairingCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
  });

  it('are read back as typed, and anything else is refused', () => {
    expect(normalisePairingCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
    expect(normalisePairingCode('ABCDEFGHJ')).toBeNull();
    expect(normalisePairingCode('ABCDEFGHJ0')).toBeNull();
  });

  it('are read from the digits and letters of any keyboard: Arabic-Indic digits, full-width forms', () => {
    expect(normalisePairingCode('ABCDE-FGH٢٣')).toBe('ABCDEFGH23');
    expect(normalisePairingCode('ABCDE-FGH۲۳')).toBe('ABCDEFGH23');
    expect(normalisePairingCode('ＡＢＣＤＥ－ＦＧＨ２３')).toBe('ABCDEFGH23');
    expect(normalisePairingCode('ａｂｃｄｅ\u3000ｆｇｈ２３')).toBe('ABCDEFGH23');
    expect(normalisePairingCode('abcde‐fgh23')).toBe('ABCDEFGH23');
    // Folded to ASCII, a look-alike is still refused.
    expect(normalisePairingCode('ＡＢＣＤＥ－ＦＧＨ２０')).toBeNull();
    expect(normalisePairingCode('ABCDE-FGH٢١')).toBeNull();
  });

  it('keep a linked device out of money and security changes for 24 hours', () => {
    const linked = new Date('2026-11-21T10:00:00Z');
    expect(inLinkCooldown(null, linked)).toBe(false);
    expect(inLinkCooldown(linked, new Date(linked.getTime() + LINKED_DEVICE_COOLDOWN_MS - 1))).toBe(true);
    expect(inLinkCooldown(linked, new Date(linked.getTime() + LINKED_DEVICE_COOLDOWN_MS))).toBe(false);
  });

  it('name a country only with a code that names one', () => {
    expect(countryCode('nl')).toBe('NL');
    expect(countryCode(' EG ')).toBe('EG');
    expect(countryCode('XK')).toBe('XK');
    for (const unknown of [null, undefined, '', 'XX', 'T1', 'ZZ', 'QO', 'NLD', 'N'])
      expect(countryCode(unknown)).toBeNull();
  });

  it('describe a device by browser and system', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    expect(describeDevice(android)).toEqual({ browser: 'Chrome', os: 'Android' });
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(describeDevice(iphone)).toEqual({ browser: 'Safari', os: 'iOS' });
    // Unknown is not a word the server chooses: the app says it in the user's language.
    expect(describeDevice(null)).toEqual({ browser: null, os: null });
    expect(describeDevice('curl/8.5.0')).toEqual({ browser: null, os: null });
  });
});
