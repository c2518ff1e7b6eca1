import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DeviceSession, LinkPreview, PairingStart, PairingState } from '#contract/devices.ts';
import {
  describeDevice,
  formatPairingCode,
  newPairingCode,
  normalisePairingCode,
  PAIRING_TTL_MS,
} from '#domain/devices/pairing.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { pairingCodes, sessions, users } from '#server/db/schema.ts';
import { verifyPassword } from '#server/features/auth/password.ts';
import { hashToken, newSessionToken } from '#server/features/auth/tokens.ts';

export type LinkError =
  'device.code_invalid' | 'device.code_expired' | 'device.code_used' | 'account.password_wrong';

export interface DevicesServiceDeps {
  db: Db;
  clock: Clock;
  sessionTtlDays: number;
  /** Told after a link is approved, to tell the account's devices (H5); failures are its own. */
  onLinked?: (userId: number, linkId: number) => Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Who is asking, as the request tells it. */
export interface Requester {
  userAgent: string | null;
  ip: string;
  /** From a trusted proxy's country header (COUNTRY_HEADER), else unknown. */
  country: string | null;
}

export function createDevicesService({ db, clock, sessionTtlDays, onLinked }: DevicesServiceDeps) {
  async function findCode(codeInput: string) {
    const code = normalisePairingCode(codeInput);
    if (!code) return null;
    const [row] = await db.select().from(pairingCodes).where(eq(pairingCodes.code, code));
    return row ?? null;
  }

  /** A code that can still be approved, or why not. */
  async function usableCode(codeInput: string) {
    const row = await findCode(codeInput);
    if (!row) return fail('device.code_invalid');
    if (row.approvedAt) return fail('device.code_used');
    if (row.expiresAt <= clock.now()) return fail('device.code_expired');
    return ok(row);
  }

  return {
    /** A signed-out device asks for a code; it keeps the secret that alone can collect the session. */
    async startPairing(requester: Requester): Promise<PairingStart> {
      const now = clock.now();
      const secret = randomBytes(32).toString('base64url');
      for (;;) {
        const code = newPairingCode((n) => randomInt(0, n));
        const inserted = await db
          .insert(pairingCodes)
          .values({
            code,
            secretHash: sha256(secret),
            createdAt: now,
            expiresAt: new Date(now.getTime() + PAIRING_TTL_MS),
            userAgent: requester.userAgent?.slice(0, 512) ?? null,
            ip: requester.ip,
            country: requester.country,
          })
          .onConflictDoNothing()
          .returning({ expiresAt: pairingCodes.expiresAt });
        const [row] = inserted;
        if (row) return { code: formatPairingCode(code), secret, expires_time: epochSeconds(row.expiresAt) };
      }
    },

    /**
     * The new device asks whether its code was approved. Once approved, the first ask with the
     * right secret receives the session, and no one can receive it again.
     */
    async pairingState(codeInput: string, secret: string): Promise<PairingState> {
      const row = await findCode(codeInput);
      if (!row || row.secretHash !== sha256(secret)) return { state: 'unknown', token: null };
      if (row.collectedAt) return { state: 'used', token: null };
      if (!row.approvedAt || row.userId === null) {
        return { state: row.expiresAt <= clock.now() ? 'expired' : 'waiting', token: null };
      }
      const now = clock.now();
      const token = newSessionToken();
      const collected = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(pairingCodes)
          .set({ collectedAt: now })
          .where(and(eq(pairingCodes.id, row.id), isNull(pairingCodes.collectedAt)))
          .returning({ id: pairingCodes.id });
        if (claimed.length === 0) return false;
        await tx.insert(sessions).values({
          userId: row.userId ?? 0,
          tokenHash: hashToken(token),
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + sessionTtlDays * 86_400_000),
          userAgent: row.userAgent,
          ip: row.ip,
          linkedAt: now,
        });
        return true;
      });
      return collected ? { state: 'approved', token } : { state: 'used', token: null };
    },

    /** What the signed-in user is about to let in: browser, system, place, time. */
    async preview(codeInput: string): Promise<Result<LinkPreview, LinkError>> {
      const usable = await usableCode(codeInput);
      if (!usable.ok) return usable;
      const { browser, os } = describeDevice(usable.value.userAgent);
      return ok({
        browser,
        os,
        country: usable.value.country,
        requested_time: epochSeconds(usable.value.createdAt),
        expires_time: epochSeconds(usable.value.expiresAt),
      });
    },

    /** Approves a code after the password, once: the new device then collects its session. */
    async approve(
      userId: number,
      codeInput: string,
      password: string,
    ): Promise<Result<{ approved: true }, LinkError>> {
      const usable = await usableCode(codeInput);
      if (!usable.ok) return usable;
      const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!user || !(await verifyPassword(user.hash, password))) return fail('account.password_wrong');
      const approved = await db
        .update(pairingCodes)
        .set({ userId, approvedAt: clock.now() })
        .where(
          and(
            eq(pairingCodes.id, usable.value.id),
            isNull(pairingCodes.approvedAt),
            gt(pairingCodes.expiresAt, clock.now()),
          ),
        )
        .returning({ id: pairingCodes.id });
      if (approved.length !== 1) return fail('device.code_used');
      await onLinked?.(userId, usable.value.id).catch(() => undefined);
      return ok({ approved: true as const });
    },

    /** Every device signed in to the account, newest first. */
    async list(userId: number, currentSessionId: number): Promise<DeviceSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())),
        )
        .orderBy(desc(sessions.lastSeenAt));
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
    async revoke(userId: number, currentSessionId: number, sessionId: number): Promise<boolean> {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            ne(sessions.id, currentSessionId),
            isNull(sessions.revokedAt),
          ),
        )
        .returning({ id: sessions.id });
      return revoked.length === 1;
    },

    /** The latest device linked to the account in the last 7 days: every device is told (H5). */
    async latestLink(userId: number) {
      const since = new Date(clock.now().getTime() - 7 * 86_400_000);
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.linkedAt, since)))
        .orderBy(desc(sessions.linkedAt))
        .limit(1);
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
