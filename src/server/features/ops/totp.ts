import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) through the `otpauth` library: SHA-1, 6 digits, 30-second steps — what every
 * authenticator app reads from an otpauth:// URI. Nothing here is hand-made crypto.
 */
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app enrols from (shown as a QR code and as text). */
export function totpUri(secret: string, issuer: string, label: string): string {
  return new TOTP({ ...PARAMS, issuer, label, secret: Secret.fromBase32(secret) }).toString();
}

/**
 * The time step a code belongs to when it is valid at `now`, one step either side allowed for a
 * phone's clock drift; null when it is not valid. Steps only grow: the caller refuses a step at or
 * before the last one it accepted, so a code seen once can never be used again.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    ...PARAMS,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp,
    window: 1,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: PARAMS.period, timestamp }) + delta;
}
