import { Secret, TOTP } from 'otpauth';

/** What an operator's authenticator app shows for a secret at a time (SHA-1, 6 digits, 30 s). */
export function totpCodeAt(secret: string, at: Date | number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: typeof at === 'number' ? at : at.getTime(),
  });
}
