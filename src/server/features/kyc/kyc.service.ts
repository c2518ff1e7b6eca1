import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { KycStatus } from '#contract/kyc.ts';
import type { Locale } from '#domain/i18n/locales.ts';
import { maskPhone, normalisePhone, numberRange, PHONE_RULES } from '#domain/kyc/phone.ts';
import { smsReachable } from './sms-reachable.ts';
import type { SmsText } from './sms-words.ts';
import { asciiDigits } from '#domain/i18n/digits.ts';
import { formatAmount } from '#domain/money/amount.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { ledger } from '#server/ledger/ledger.ts';
import type { KeyedHash } from '#server/lib/server-secrets.repository.ts';
import { createKycRepository } from './kyc.repository.ts';
import type { SmsSender } from './sms-sender.ts';
import { addressGroup } from '#server/lib/address-group.ts';

export type SendCodeError =
  | 'kyc.phone_invalid'
  | 'kyc.phone_not_mobile'
  | 'kyc.too_soon'
  | 'kyc.too_many'
  | 'kyc.sms_failed'
  | 'kyc.already_verified';
export type VerifyError =
  'kyc.no_code' | 'kyc.code_expired' | 'kyc.code_wrong' | 'kyc.code_dead' | 'kyc.already_verified';

export interface KycServiceDeps {
  db: Db;
  clock: Clock;
  rules: ProductRules;
  sms: SmsSender;
  /** The host the SMS binds the code to (WebOTP): from configuration, never from a request. */
  publicHost: string;
  /** Keys the numbers and addresses the limits count, so the counts hold no personal data. */
  hash: KeyedHash;
  /** The SMS in a language (sms-words.ts). */
  smsText: SmsText;
  /** The language the account chose, if any (the account feature's). */
  languageOf: (userId: number) => Promise<Locale | null>;
}

/** How a code is kept: hashed with its row id, so equal codes never share a hash. */
export const hashCode = (codeId: string, code: string) =>
  createHash('sha256').update(`${codeId}:${code}`).digest('hex');
/**
 * The bonus remembers a number by a hash keyed with the server's secret, so the once-per-number rule
 * outlives the account (deleting and re-registering earns nothing) without keeping the number: a
 * plain hash of a phone number is undone by trying every number. Earlier releases kept that plain
 * hash (`legacyBonusKey`); a number found under it has had its bonus too.
 */
const legacyBonusKey = (phone: string) =>
  createHash('sha256').update(`earnest-phone-bonus:${phone}`).digest('hex');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Forgets the user's phone number and codes, in the caller's transaction. */
export async function erasePhone(tx: Db, userId: number): Promise<void> {
  await createKycRepository(tx).eraseOf(userId);
}

/**
 * How long a code's row (the number typed and the address it came from) is kept: a code lives 10
 * minutes, and a day shows the user what became of it. The limits count `sms_sends`, which hold hashes.
 */
const CODES_KEPT_MS = 24 * 3_600_000;

export function createKycService({
  db,
  clock,
  rules,
  sms,
  publicHost,
  hash,
  smsText,
  languageOf,
}: KycServiceDeps) {
  const repo = createKycRepository(db);
  return {
    async status(userId: number): Promise<KycStatus> {
      const verified = await repo.verifiedPhone(userId);
      // What the ledger credited, not today's setting: the two differ once KYC_BONUS_XRP changed.
      const { total: credited } = await ledger.totals(db, userId, 'phone_bonus');
      const base = {
        bonus_amount: formatAmount(rules.kycBonus),
        bonus_credited: credited > 0n,
        credited_amount: formatAmount(credited),
      };
      if (verified) {
        return {
          ...base,
          state: 'verified',
          phone: maskPhone(verified.phone),
          expires_time: null,
          tries_left: null,
        };
      }
      const code = await repo.latestCode(userId);
      if (!code) return { ...base, state: 'none', phone: null, expires_time: null, tries_left: null };
      const dead = code.attempts >= PHONE_RULES.maxAttempts;
      return {
        ...base,
        state: dead ? 'failed' : 'pending',
        phone: maskPhone(code.phone),
        expires_time: dead ? null : epochSeconds(code.expiresAt),
        tries_left: Math.max(0, PHONE_RULES.maxAttempts - code.attempts),
      };
    },

    /**
     * Sends a 6-digit code, within the anti-pumping limits: per number (1 a minute, 5 a day), per
     * IP (10 an hour), per number range (20 an hour) and per account (5 a day). The limits are
     * checked and the send recorded under one lock, so parallel requests cannot slip past them, and
     * they count sms_sends, which an account's deletion keeps: deleting an account resets nothing.
     */
    async sendCode(
      userId: number,
      phoneInput: string,
      ip: string,
      requestLocale: Locale,
    ): Promise<Result<{ expires_time: number }, SendCodeError>> {
      const phone = normalisePhone(phoneInput);
      if (!phone) return fail('kyc.phone_invalid');
      if (!smsReachable(phone)) return fail('kyc.phone_not_mobile');
      await repo.pruneCodes(new Date(clock.now().getTime() - CODES_KEPT_MS));
      if (await repo.verifiedPhone(userId)) return fail('kyc.already_verified');
      const range = numberRange(phone);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');

      const numberHash = hash('phone', phone);
      // Per address: an IPv6 subscriber's whole network counts as one.
      const addressHash = hash('ip', addressGroup(ip));
      const reserved = await db.transaction(async (tx) => {
        const sends = createKycRepository(tx);
        await sends.lockSends();
        const now = clock.now();
        const ago = (ms: number) => new Date(now.getTime() - ms);
        const last = await sends.lastSendAt(numberHash);
        if (last && now.getTime() - last.getTime() < PHONE_RULES.perNumberEveryMs)
          return fail('kyc.too_soon');
        const over =
          (await sends.sentSince('numberHash', numberHash, ago(DAY))) >= PHONE_RULES.perNumberPerDay ||
          (await sends.sentSince('ipHash', addressHash, ago(HOUR))) >= PHONE_RULES.perIpPerHour ||
          (await sends.sentSince('rangeHash', hash('range', range), ago(HOUR))) >=
            PHONE_RULES.perRangePerHour ||
          (await sends.sentSince('userId', userId, ago(DAY))) >= PHONE_RULES.perAccountPerDay;
        if (over) return fail('kyc.too_many');
        const sendId = await sends.recordSend({
          userId,
          numberHash,
          rangeHash: hash('range', range),
          ipHash: addressHash,
          createdAt: now,
        });
        const row = await sends.createCode({
          userId,
          phone,
          prefix: range,
          codeHash: 'pending',
          ip,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PHONE_RULES.codeTtlMs),
        });
        await sends.setCodeHash(row.id, hashCode(String(row.id), code));
        return ok({ code: row, sendId });
      });
      if (!reserved.ok) return reserved;

      // In the account's language, else the one the request came in: the warning must be understood.
      const locale = (await languageOf(userId)) ?? requestLocale;
      try {
        await sms.send(phone, smsText(code, publicHost, locale));
      } catch {
        // Not sent: the code is void and does not count against the user's limits.
        await repo.voidUnsent(reserved.value.code.id, reserved.value.sendId);
        return fail('kyc.sms_failed');
      }
      return ok({ expires_time: epochSeconds(reserved.value.code.expiresAt) });
    },

    /**
     * Checks the code inside the caller's idempotent transaction, which holds the user's row lock
     * (`runIdempotent`). A wrong code uses up a try (kept
     * even though the answer is a refusal); the right one verifies the phone and pays the bonus once
     * per number and once per account — both enforced by the database's unique keys.
     */
    async verify(
      tx: Db,
      userId: number,
      codeInput: string,
    ): Promise<Result<{ state: 'verified'; phone: string; bonus: string }, VerifyError>> {
      const codes = createKycRepository(tx);
      if (await codes.verifiedPhone(userId)) return fail('kyc.already_verified');
      const code = await codes.latestCode(userId);
      if (!code || code.consumedAt) return fail('kyc.no_code');
      if (code.attempts >= PHONE_RULES.maxAttempts) return fail('kyc.code_dead');
      const now = clock.now();
      if (code.expiresAt <= now) return fail('kyc.code_expired');
      // As typed on any keyboard, spaces left out: "١٢٣ ٤٥٦" is the code 123456, not a wrong try.
      const given = Buffer.from(hashCode(String(code.id), asciiDigits(codeInput).replace(/\s/g, '')));
      const expected = Buffer.from(code.codeHash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        await codes.setAttempts(code.id, code.attempts + 1);
        return fail(code.attempts + 1 >= PHONE_RULES.maxAttempts ? 'kyc.code_dead' : 'kyc.code_wrong');
      }
      await codes.verify(code, now);
      // A bonus of 0 is no bonus: it does not use up the number's one bonus.
      const bonus =
        rules.kycBonus > 0n &&
        (await codes.claimBonus(hash('phone-bonus', code.phone), legacyBonusKey(code.phone), userId, now));
      let credited = '0';
      if (bonus) {
        await ledger.append(tx, {
          userId,
          kind: 'phone_bonus',
          amount: rules.kycBonus,
          idempotencyKey: `phone-bonus:${userId}`,
          reference: 'phone_bonus',
          createdAt: now,
        });
        credited = formatAmount(rules.kycBonus);
      }
      return ok({ state: 'verified' as const, phone: maskPhone(code.phone), bonus: credited });
    },

    /** Whether the user verified a phone, read in the caller's transaction. */
    async isVerified(executor: Db, userId: number): Promise<boolean> {
      return (await createKycRepository(executor).verifiedPhone(userId)) !== null;
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
