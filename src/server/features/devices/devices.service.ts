import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { DeviceSession, LinkPreview, PairingStart, PairingState } from '#contract/devices.ts';
import {
  countryCode,
  describeDevice,
  formatPairingCode,
  newPairingCode,
  normalisePairingCode,
  PAIRING_COLLECT_MS,
  PAIRING_TTL_MS,
} from '#domain/devices/pairing.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { accounts, passwordRefusal } from '#server/features/auth/auth.service.ts';
import type {
  AuthService,
  KnownDevice,
  PasswordError,
  SessionRefusal,
} from '#server/features/auth/auth.service.ts';
import { hitRate } from '#server/lib/rate-counter.repository.ts';
import type { KeyedHash } from '#server/lib/server-secrets.repository.ts';
import { createDevicesRepository, type PairingCodeRow } from './devices.repository.ts';
import { addressGroup } from '#server/lib/address-group.ts';

export type LinkError =
  | 'device.code_invalid'
  | 'device.code_expired'
  | 'device.code_used'
  | 'request.rate_limited'
  | SessionRefusal
  | PasswordError;

export interface DevicesServiceDeps {
  db: Db;
  clock: Clock;
  auth: AuthService;
  hash: KeyedHash;
  /**
   * Code tries per account in 10 minutes: guessing codes stops here. An address gets five times as
   * many (several people may share one), so many accounts on one address stop too.
   */
  attemptLimit: number;
  /** Told after a link is approved, to tell the account's devices; failures are its own. */
  onLinked?: (userId: number, linkId: number) => Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const TRY_WINDOW_MS = 10 * 60_000;
const ADDRESS_SHARE = 5;
/** Expired codes are forgotten a day later (long after any collection window). */
const PRUNE_AFTER_MS = 86_400_000;

/** Who is asking, as the request tells it. */
export interface Requester {
  userAgent: string | null;
  ip: string;
  /** From a trusted proxy's country header (COUNTRY_HEADER), else unknown. */
  country: string | null;
}

/**
 * Device linking (docs/product-rules.md#device-linking): a signed-out device shows a code; a
 * signed-in, settled device of the account approves it after the password; the new device collects
 * its session once, soon after. A code dies with the account's access (see account-access.ts).
 */
/** Voids the pairing codes approved for the user and not yet collected, in the caller's transaction. */
export async function voidPairingCodes(tx: Db, userId: number, now: Date): Promise<void> {
  await createDevicesRepository(tx).voidCodesOf(userId, now);
}

/** Forgets the browsers and countries of the user's pairing codes (a deleted account keeps none). */
export async function erasePairingCodes(tx: Db, userId: number): Promise<void> {
  await createDevicesRepository(tx).eraseCodesOf(userId);
}

export function createDevicesService({ db, clock, auth, hash, attemptLimit, onLinked }: DevicesServiceDeps) {
  const repo = createDevicesRepository(db);

  async function findCode(codeInput: string) {
    const code = normalisePairingCode(codeInput);
    return code ? repo.findCode(code) : null;
  }

  /** A code that can still be approved, or why not. */
  function usable(row: PairingCodeRow | null): Result<PairingCodeRow, LinkError> {
    if (!row) return fail('device.code_invalid');
    if (row.approvedAt) return fail('device.code_used');
    if (row.voidedAt || row.expiresAt <= clock.now()) return fail('device.code_expired');
    return ok(row);
  }

  /** Counts a code try for the account and for the address; refuses past the limit of either. */
  async function countTry(userId: number, ip: string): Promise<boolean> {
    const now = clock.now();
    const byAccount = await hitRate(
      db,
      `link:user:${userId}`,
      { max: attemptLimit, windowMs: TRY_WINDOW_MS },
      now,
    );
    const byAddress = await hitRate(
      db,
      `link:ip:${hash('ip', addressGroup(ip))}`,
      { max: attemptLimit * ADDRESS_SHARE, windowMs: TRY_WINDOW_MS },
      now,
    );
    return byAccount.allowed && byAddress.allowed;
  }

  /** Whether an approved code may still be collected at `now`. */
  const collectable = (row: PairingCodeRow, now: Date) =>
    row.approvedAt !== null && now.getTime() < row.approvedAt.getTime() + PAIRING_COLLECT_MS;

  return {
    /** A signed-out device asks for a code; it keeps the secret that alone can collect the session. */
    async startPairing(requester: Requester): Promise<PairingStart> {
      const now = clock.now();
      const secret = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS);
      await repo.pruneCodes(new Date(now.getTime() - PRUNE_AFTER_MS));
      for (;;) {
        const code = newPairingCode((n) => randomInt(0, n));
        const inserted = await repo.insertCode({
          code,
          secretHash: sha256(secret),
          createdAt: now,
          expiresAt,
          userAgent: requester.userAgent?.slice(0, 512) ?? null,
          country: requester.country,
        });
        if (inserted) return { code: formatPairingCode(code), secret, expires_time: epochSeconds(expiresAt) };
      }
    },

    /**
     * The new device asks whether its code was approved. Once approved, the first ask with the
     * right secret, soon after the approval and while the account is open, receives the session;
     * no one can receive it again.
     */
    async pairingState(codeInput: string, secret: string, requester: Requester): Promise<PairingState> {
      const row = await findCode(codeInput);
      if (!row || row.secretHash !== sha256(secret)) return { state: 'unknown', token: null };
      if (row.collectedAt) return { state: 'used', token: null };
      const now = clock.now();
      if (row.voidedAt) return { state: 'expired', token: null };
      if (!row.approvedAt || row.userId === null) {
        return { state: row.expiresAt <= now ? 'expired' : 'waiting', token: null };
      }
      if (!collectable(row, now)) return { state: 'expired', token: null };
      const userId = row.userId;
      const token = await db.transaction(async (tx) => {
        // The account's lock: a ban, a deletion or a new password either comes first (and voided
        // this code) or waits until this session exists (and ends it).
        await accounts.lock(tx, userId);
        // An approval lives only as long as the session that gave it: signing that device out (or a
        // stolen session ended by its owner) ends what it let in.
        const approver = row.approvedBySession;
        if (approver === null || !(await auth.admits(tx, { userId, sessionId: approver }))) return null;
        if (!(await createDevicesRepository(tx).collect(row.id, now))) return null;
        return auth.openLinkedSession(tx, userId, {
          // What the owner saw and approved names the device in its list.
          userAgent: row.userAgent ?? requester.userAgent,
          ip: requester.ip,
        });
      });
      if (token) {
        // Told once a device really is signed in (an approval the device never collects links
        // nothing), without making the new device wait for the push services.
        void onLinked?.(userId, row.id).catch(() => undefined);
        return { state: 'approved', token };
      }
      const again = await repo.findCode(row.code);
      return { state: again?.collectedAt ? 'used' : 'expired', token: null };
    },

    /** What the signed-in user is about to let in: browser, system, place, time. */
    async preview(userId: number, ip: string, codeInput: string): Promise<Result<LinkPreview, LinkError>> {
      if (!(await countTry(userId, ip))) return fail('request.rate_limited');
      const checked = usable(await findCode(codeInput));
      if (!checked.ok) return checked;
      const { browser, os } = describeDevice(checked.value.userAgent);
      return ok({
        browser,
        os,
        country: countryCode(checked.value.country),
        requested_time: epochSeconds(checked.value.createdAt),
        expires_time: epochSeconds(checked.value.expiresAt),
      });
    },

    /** Approves a code after the password, once: the new device then collects its session. */
    async approve(
      { userId, sessionId }: { userId: number; sessionId: number },
      ip: string,
      codeInput: string,
      password: string,
      device: KnownDevice | null,
    ): Promise<Result<{ approved: true }, LinkError>> {
      if (!(await countTry(userId, ip))) return fail('request.rate_limited');
      const checked = usable(await findCode(codeInput));
      if (!checked.ok) return checked;
      const refused = passwordRefusal(await auth.checkCurrentPassword(userId, password, device));
      if (refused) return refused;
      const outcome = await db.transaction(async (tx): Promise<Result<true, LinkError>> => {
        // Ended while its password was checked (a new password, "sign out all other devices"): the
        // approval would outlive the access that gave it.
        const refused = await auth.refusalUnderLock(tx, { userId, sessionId });
        if (refused) return fail(refused);
        const approved = await createDevicesRepository(tx).approve(
          checked.value.id,
          userId,
          sessionId,
          clock.now(),
        );
        return approved ? ok(true) : fail('device.code_used');
      });
      if (!outcome.ok) return outcome;
      return ok({ approved: true as const });
    },

    /** Every device signed in to the account, newest first. */
    async list(userId: number, currentSessionId: number): Promise<DeviceSession[]> {
      const rows = await auth.liveSessions(userId);
      return rows.map((row) => {
        const { browser, os } = describeDevice(row.userAgent);
        return {
          id: row.id,
          browser,
          os,
          current: row.id === currentSessionId,
          created_time: epochSeconds(row.createdAt),
          last_seen_time: epochSeconds(row.lastSeenAt),
          linked_time: row.linkedAt ? epochSeconds(row.linkedAt) : null,
        };
      });
    },

    /** Signs one of the user's other devices out; it finds out on its next request. */
    revoke(userId: number, currentSessionId: number, sessionId: number): Promise<boolean> {
      return auth.revokeOther(userId, currentSessionId, sessionId);
    },

    /** The latest device linked to the account in the last 7 days: every device is told. */
    async latestLink(userId: number) {
      const row = await auth.latestLinkSince(userId, new Date(clock.now().getTime() - 7 * 86_400_000));
      if (!row?.linkedAt) return null;
      return {
        ...describeDevice(row.userAgent),
        linked_time: epochSeconds(row.linkedAt),
        revoked: row.revokedAt !== null,
      };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
