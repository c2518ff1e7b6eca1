import { asciiDigits } from '../i18n/digits.ts';

/**
 * Device linking (docs/product-rules.md#device-linking-stays-inside-earnest). A signed-out device shows a pairing code; a signed-in device that enters it,
 * sees what it links and confirms with the password, lets the new device in. Codes are single use,
 * short-lived, and long enough that guessing them under the attempt limit is hopeless.
 */

/** 32 symbols without look-alikes (no I, O, 0, 1): 32^10 ≈ 10^15 codes. */
export const PAIRING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 10;
export const PAIRING_TTL_MS = 5 * 60_000;
/** How long after its approval a code can hand out its session (the new device asks every 3 s). */
export const PAIRING_COLLECT_MS = 2 * 60_000;
/** A newly linked device cannot withdraw or change address, phone or password for this long. */
export const LINKED_DEVICE_COOLDOWN_MS = 24 * 60 * 60_000;

/** A new code from a source of random integers in [0, n). */
export function newPairingCode(randomBelow: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++)
    code += PAIRING_ALPHABET[randomBelow(PAIRING_ALPHABET.length)];
  return code;
}

/**
 * A code as typed ("abcd-efgh 23"), in its stored form; null when it cannot be a code. A phone may
 * type the same code in other characters: Arabic-Indic digits (٢٣), or full-width letters, digits
 * and dash from a Chinese or Japanese keyboard (ＡＢＣ－２３), which NFKC folds to ASCII. The case is
 * folded after that with toUpperCase, which does not depend on the device's locale.
 */
export function normalisePairingCode(input: string): string | null {
  const code = asciiDigits(input.normalize('NFKC'))
    .toUpperCase()
    .replace(/[\s\p{Pd}]/gu, '');
  if (code.length !== PAIRING_CODE_LENGTH) return null;
  return [...code].every((c) => PAIRING_ALPHABET.includes(c)) ? code : null;
}

/** The code for reading aloud or typing: two groups of five. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A country code as a proxy's header gives it ("nl", "NL"), or null: not two letters, or a code
 * reserved for private use that names no country (Cloudflare's XX for unknown; Kosovo's XK is kept).
 */
export function countryCode(header: string | null | undefined): string | null {
  const code = header?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(code)) return null;
  const privateUse = code === 'AA' || code === 'ZZ' || /^Q[M-Z]$/.test(code) || /^X[A-Z]$/.test(code);
  return privateUse && code !== 'XK' ? null : code;
}

/** Whether a session linked at `linkedAt` is still inside its cooldown at `now`. */
export function inLinkCooldown(linkedAt: Date | null, now: Date): boolean {
  return linkedAt !== null && now.getTime() - linkedAt.getTime() < LINKED_DEVICE_COOLDOWN_MS;
}

/**
 * Browser and operating system from a User-Agent, for people to recognise a device: product names,
 * which no language translates, or null when unknown (the app says "unknown" in the user's language).
 */
export function describeDevice(userAgent: string | null | undefined): {
  browser: string | null;
  os: string | null;
} {
  const ua = userAgent ?? '';
  const browser = /EdgA?\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /OPR\//.test(ua)
        ? 'Opera'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return { browser, os };
}
