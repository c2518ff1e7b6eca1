import { randomBytes } from 'node:crypto';
import type { OpsErrorCode } from '#contract/ops-errors.ts';
import type { AuditAction, AuditTarget, AuditVia } from '#domain/ops/audit.ts';
import {
  CLI_ACTOR,
  isOperatorRole,
  normaliseOperatorName,
  normaliseTotpCode,
  OPS_PASSWORD_MAX,
  OPS_PASSWORD_MIN,
  OPS_SETUP_LINK_MS,
  opsSessionEnd,
  type OperatorRole,
} from '#domain/ops/operators.ts';
import { fail, mapOk, ok, type Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import {
  hashPassword,
  hashToken,
  newSessionToken,
  verifyDecoy,
  verifyPassword,
} from '#server/features/auth/auth.service.ts';
import { hitRate, type RateLimit } from '#server/lib/rate-counter.repository.ts';
import type { KeyedHash } from '#server/lib/server-secrets.repository.ts';
import { CatalogueRefusal } from '#server/lib/reply.ts';
import { addressGroup } from '#server/lib/address-group.ts';
import { createAuditRepository, type AuditFilter, type AuditRow } from './audit.repository.ts';
import { createOperatorsRepository, type OperatorRow } from './operators.repository.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

/** Who did something: an operator in the console, or the command line. */
export interface AuditActor {
  operatorId: number | null;
  name: string;
  via: AuditVia;
  ip?: string | null;
  /** The console session the action came with: it must still be live when the action commits. */
  sessionId?: number;
}

/** The command line, as the audit log names it (docs/operators.md#the-command-line). */
export const CLI: AuditActor = { operatorId: null, name: CLI_ACTOR, via: 'cli' };

/** An operator acting from the console, with the session the request came with. */
export function consoleActor(
  operator: { operatorId: number; name: string; sessionId: number },
  ip: string | null,
): AuditActor {
  return {
    operatorId: operator.operatorId,
    name: operator.name,
    via: 'console',
    ip,
    sessionId: operator.sessionId,
  };
}

export interface AuditRecord {
  action: AuditAction;
  target?: { kind: AuditTarget; id: string | number };
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/** JSON for jsonb: amounts (bigint) become decimal strings of their unit, times ISO strings. */
function jsonOf(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)),
  );
}

/**
 * An operator disabled, reset or signed out while a request of theirs ran must not act after it: the
 * operator's row is held until the caller's transaction ends (a disable waits for it), and the console
 * session is checked under it. A refusal throws, which rolls the whole action back. The command line,
 * and an entry written after an action that cannot be undone (an actor without its session), pass.
 */
export async function holdLiveActor(tx: Db, actor: AuditActor): Promise<void> {
  if (actor.operatorId === null || actor.sessionId === undefined) return;
  const live = await createOperatorsRepository(tx).holdLiveSession(actor.operatorId, actor.sessionId);
  if (!live) throw new CatalogueRefusal('ops.session_expired');
}

/**
 * Records one operator action in the caller's transaction, so the action and its record commit
 * together or not at all. Every operator action of every feature comes here (docs/operators.md#audit-log).
 */
export async function recordAudit(tx: Db, actor: AuditActor, record: AuditRecord, now: Date): Promise<void> {
  await holdLiveActor(tx, actor);
  await createAuditRepository(tx).append({
    createdAt: now,
    operatorId: actor.operatorId,
    actor: actor.name,
    via: actor.via,
    action: record.action,
    targetKind: record.target?.kind ?? null,
    targetId: record.target ? String(record.target.id) : null,
    reason: record.reason ?? null,
    before: jsonOf(record.before),
    after: jsonOf(record.after),
    ip: actor.ip ?? null,
  });
}

/**
 * An operator's change and its audit entry in one transaction: `change` does the work and answers the
 * entry and the value to return; a refusal writes nothing.
 */
export async function audited<T, E extends string>(
  db: Db,
  actor: AuditActor,
  now: Date,
  change: (tx: Db) => Promise<Result<{ audit: AuditRecord; value: T }, E>>,
): Promise<Result<T, E>> {
  return db.transaction(async (tx) => {
    const done = await change(tx);
    if (!done.ok) return done;
    await recordAudit(tx, actor, done.value.audit, now);
    return ok(done.value.value);
  });
}

/** Sign-in tries per address and per name, counted in the database before any hashing. */
export const OPS_SIGN_IN_LIMITS = {
  perAddress: { max: 20, windowMs: 15 * 60_000 },
  perName: { max: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimit>;
/** Whether a typed code is the operator's current one (it may still have been used). */
function codeIsCurrent(secret: string, typed: string, now: Date): boolean {
  const code = normaliseTotpCode(typed);
  return code !== null && totpStep(secret, code, now) !== null;
}

/** Set-up tries per address (each one may hash a password). */
export const OPS_SETUP_LIMIT: RateLimit = { max: 20, windowMs: 15 * 60_000 };
const AUDIT_PAGE = 50;
// lastSeenAt is written at most this often, so a busy console does not write on every request.
const TOUCH_MS = 15_000;

export interface OperatorsServiceDeps {
  db: Db;
  clock: Clock;
  /** Keys the addresses and names in the rate counters. */
  hash: KeyedHash;
  /** What authenticator apps show as the account's issuer (e.g. "Earnest earnest.example"). */
  issuer: string;
}

export interface CreatedLink {
  name: string;
  role: OperatorRole;
  /** The secret part of the set-up link (the link is `<origin>/ops/setup#<token>`). */
  token: string;
  expiresAt: Date;
}

export interface OpsClient {
  ip: string;
  userAgent: string | null;
}

export interface OpsSignedIn {
  token: string;
  operator: { name: string; role: OperatorRole };
  endsAt: Date;
}

function publicOperator(row: OperatorRow) {
  return { name: row.name, role: isOperatorRole(row.role) ? row.role : ('support' as const) };
}

function passwordProblem(password: string, confirm: string): OpsErrorCode | null {
  if (password.length < OPS_PASSWORD_MIN) return 'ops.password_too_short';
  if (password.length > OPS_PASSWORD_MAX) return 'ops.password_too_long';
  if (password !== confirm) return 'ops.password_mismatch';
  return null;
}

/**
 * Operators and their sessions (docs/operators.md): creation and set-up links (from the command
 * line), set-up, sign-in with password and TOTP, the gate's session check, and the audit log's reading.
 */
export function createOperatorsService({ db, clock, hash, issuer }: OperatorsServiceDeps) {
  const repo = createOperatorsRepository(db);

  /** A fresh set-up link for an operator, replacing any unused one, in the caller's transaction. */
  async function issueLink(tx: Db, operator: OperatorRow, now: Date): Promise<CreatedLink> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + OPS_SETUP_LINK_MS);
    const rows = createOperatorsRepository(tx);
    await rows.voidSetupLinks(operator.id, now);
    await rows.insertSetupLink({
      operatorId: operator.id,
      tokenHash: hashToken(token),
      totpSecret: newTotpSecret(),
      createdAt: now,
      expiresAt,
    });
    return { ...publicOperator(operator), token, expiresAt };
  }

  /**
   * An admin's change to the operator of this name, with a reason (both required), committed with its
   * audit entry, which names the operator and the reason; `change` is given the operator's row, read
   * in the transaction, or null, and answers the rest of the entry.
   */
  async function changeOperator<T>(
    actor: AuditActor,
    nameInput: string,
    reason: string,
    change: (
      tx: Db,
      rows: ReturnType<typeof createOperatorsRepository>,
      row: OperatorRow | null,
      now: Date,
    ) => Promise<Result<{ audit: Omit<AuditRecord, 'target' | 'reason'>; value: T }, OpsErrorCode>>,
  ): Promise<Result<T, OpsErrorCode>> {
    const name = normaliseOperatorName(nameInput);
    if (!name) return fail('ops.operator_not_found');
    if (reason.trim() === '') return fail('ops.reason_required');
    const now = clock.now();
    return audited(db, actor, now, async (tx) => {
      const rows = createOperatorsRepository(tx);
      const changed = await change(tx, rows, await rows.byName(name), now);
      return mapOk(changed, ({ audit, value }) => ({
        audit: { ...audit, target: { kind: 'operator' as const, id: name }, reason: reason.trim() },
        value,
      }));
    });
  }

  return {
    /** A new operator, with a set-up link to send them. */
    async create(
      actor: AuditActor,
      nameInput: string,
      role: OperatorRole,
    ): Promise<Result<CreatedLink, OpsErrorCode>> {
      const name = normaliseOperatorName(nameInput);
      if (!name) return fail('ops.name_invalid');
      const now = clock.now();
      return audited(db, actor, now, async (tx) => {
        const row = await createOperatorsRepository(tx).insert({ name, role, createdAt: now });
        if (!row) return fail('ops.name_taken');
        return ok({
          audit: { action: 'operator.create', target: { kind: 'operator', id: name }, after: { name, role } },
          value: await issueLink(tx, row, now),
        });
      });
    },

    /**
     * A new set-up link for an operator who lost the password or the phone: the old password and
     * second factor stop working and every session ends at once.
     */
    async reset(
      actor: AuditActor,
      nameInput: string,
      reason: string,
    ): Promise<Result<CreatedLink, OpsErrorCode>> {
      return changeOperator(actor, nameInput, reason, async (tx, rows, row, now) => {
        if (!row || row.disabledAt) return fail('ops.operator_not_found');
        await rows.lock(row.id);
        await rows.setCredentials(row.id, { passwordHash: null, totpSecret: null, totpLastStep: null });
        await rows.revokeSessionsOf(row.id, now);
        return ok({
          audit: { action: 'operator.reset' },
          value: await issueLink(tx, row, now),
        });
      });
    },

    /** Stops an operator for good: no sign-in, every session ended, unused links void. */
    async disable(
      actor: AuditActor,
      nameInput: string,
      reason: string,
    ): Promise<Result<{ name: string }, OpsErrorCode>> {
      return changeOperator(actor, nameInput, reason, async (_tx, rows, row, now) => {
        if (!row || !(await rows.disable(row.id, now))) return fail('ops.operator_not_found');
        await rows.revokeSessionsOf(row.id, now);
        await rows.voidSetupLinks(row.id, now);
        return ok({
          audit: { action: 'operator.disable', before: { disabled: false }, after: { disabled: true } },
          value: { name: row.name },
        });
      });
    },

    async list() {
      return (await repo.list()).map((row) => ({
        ...publicOperator(row),
        setUp: row.passwordHash !== null && row.totpSecret !== null,
        createdAt: row.createdAt,
        disabledAt: row.disabledAt,
      }));
    },

    /** What a set-up link's page shows: who, and the TOTP secret to enrol. */
    async setupStart(token: string) {
      const found = await repo.liveSetupLink(hashToken(token), clock.now());
      if (!found) return fail('ops.setup_link_invalid' as const);
      return ok({
        operator: publicOperator(found.operator),
        secret: found.link.totpSecret,
        uri: totpUri(found.link.totpSecret, issuer, found.operator.name),
        expiresAt: found.link.expiresAt,
      });
    },

    /**
     * Uses a set-up link: the password is set and the second factor enrolled once a code from the
     * authenticator app proves it reads the secret. The link then never works again.
     */
    async setupFinish(
      input: { token: string; password: string; confirmPassword: string; code: string },
      client: OpsClient,
    ): Promise<Result<{ name: string }, OpsErrorCode>> {
      const now = clock.now();
      if (
        !(await hitRate(db, `ops-setup:${hash('ops-ip', addressGroup(client.ip))}`, OPS_SETUP_LIMIT, now))
          .allowed
      ) {
        return fail('ops.too_many_attempts');
      }
      const found = await repo.liveSetupLink(hashToken(input.token), now);
      if (!found) return fail('ops.setup_link_invalid');
      const problem = passwordProblem(input.password, input.confirmPassword);
      if (problem) return fail(problem);
      const code = normaliseTotpCode(input.code);
      const step = code ? totpStep(found.link.totpSecret, code, now) : null;
      if (step === null) return fail('ops.code_invalid');
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const rows = createOperatorsRepository(tx);
        if (!(await rows.useSetupLink(found.link.id, now))) return fail('ops.setup_link_invalid');
        await rows.setCredentials(found.operator.id, {
          passwordHash,
          totpSecret: found.link.totpSecret,
          // The code just typed is spent: it cannot sign in too.
          totpLastStep: step,
        });
        await rows.revokeSessionsOf(found.operator.id, now);
        await recordAudit(
          tx,
          { operatorId: found.operator.id, name: found.operator.name, via: 'console', ip: client.ip },
          { action: 'operator.setup', target: { kind: 'operator', id: found.operator.name } },
          now,
        );
        return ok({ name: found.operator.name });
      });
    },

    /**
     * Password and a TOTP code, with one answer for every failure. Tries are counted per address and
     * per name in the database before any hash is computed; a code is accepted once only.
     */
    async signIn(
      input: { name: string; password: string; code: string },
      client: OpsClient,
    ): Promise<Result<OpsSignedIn, OpsErrorCode>> {
      const now = clock.now();
      const name = normaliseOperatorName(input.name) ?? input.name.trim().toLowerCase().slice(0, 64);
      const byAddress = await hitRate(
        db,
        `ops-sign-in:${hash('ops-ip', addressGroup(client.ip))}`,
        OPS_SIGN_IN_LIMITS.perAddress,
        now,
      );
      const byName = await hitRate(
        db,
        `ops-sign-in-name:${hash('ops-name', name)}`,
        OPS_SIGN_IN_LIMITS.perName,
        now,
      );
      if (!byAddress.allowed) return fail('ops.too_many_attempts');

      const row = await repo.byName(name);
      const usable = row && !row.disabledAt && row.passwordHash && row.totpSecret ? row : null;
      // Past the name's limit, only a current code opens the password check. Strangers who send ten
      // tries a quarter of an hour cannot keep the operator out (in an incident, say), and a guess
      // still needs the second factor before any password is tried, which costs a hash (none here).
      if (!byName.allowed && !(usable?.totpSecret && codeIsCurrent(usable.totpSecret, input.code, now))) {
        return fail('ops.too_many_attempts');
      }
      const passwordRight = usable?.passwordHash
        ? await verifyPassword(usable.passwordHash, input.password)
        : (await verifyDecoy(input.password), false);
      if (!usable?.totpSecret || !passwordRight) return fail('ops.sign_in_failed');
      const code = normaliseTotpCode(input.code);
      const step = code ? totpStep(usable.totpSecret, code, now) : null;
      if (step === null) return fail('ops.sign_in_failed');

      const token = newSessionToken();
      const signedIn = await db.transaction(async (tx) => {
        const rows = createOperatorsRepository(tx);
        // Under the operator's lock, on the operator as it is now: a reset or a disabling that
        // committed while the password was being checked refuses this sign-in (one that commits
        // after it ends the session, under the same lock).
        await rows.lock(usable.id);
        const current = await rows.byId(usable.id);
        if (
          !current ||
          current.disabledAt ||
          current.passwordHash !== usable.passwordHash ||
          current.totpSecret !== usable.totpSecret
        ) {
          return null;
        }
        // A code seen once (over a shoulder, in a log) is dead: it cannot open a second session.
        if (!(await rows.takeTotpStep(usable.id, step))) return null;
        const sessionId = await rows.insertSession({
          operatorId: usable.id,
          tokenHash: hashToken(token),
          createdAt: now,
          lastSeenAt: now,
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 512) ?? null,
        });
        await recordAudit(
          tx,
          { operatorId: usable.id, name: usable.name, via: 'console', ip: client.ip },
          {
            action: 'operator.sign_in',
            target: { kind: 'operator', id: usable.name },
            after: { session: sessionId },
          },
          now,
        );
        return sessionId;
      });
      if (signedIn === null) return fail('ops.sign_in_failed');
      return ok({ token, operator: publicOperator(usable), endsAt: opsSessionEnd(now, now) });
    },

    /** The gate's check: a session not revoked, of an operator not disabled, inside both time limits. */
    async authenticate(token: string) {
      const now = clock.now();
      const found = await repo.openSession(hashToken(token));
      if (!found || found.operator.disabledAt) return fail('ops.session_expired' as const);
      const { session, operator } = found;
      if (opsSessionEnd(session.createdAt, session.lastSeenAt) <= now)
        return fail('ops.session_expired' as const);
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_MS) await repo.touchSession(session.id, now);
      return ok({
        operatorId: operator.id,
        sessionId: session.id,
        signedInAt: session.createdAt,
        ...publicOperator(operator),
      });
    },

    async signOut(actor: AuditActor, sessionId: number): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        // Recorded while the session is still live (the record checks it), then ended.
        await recordAudit(
          tx,
          actor,
          { action: 'operator.sign_out', target: { kind: 'operator', id: actor.name } },
          now,
        );
        await createOperatorsRepository(tx).revokeSession(sessionId, now);
      });
    },

    /** A page of the audit log, newest first, with the id to ask for the next page. */
    async audit(filter: AuditFilter): Promise<{ rows: AuditRow[]; nextBeforeId: number | null }> {
      const rows = await createAuditRepository(db).list(filter, AUDIT_PAGE + 1);
      const page = rows.slice(0, AUDIT_PAGE);
      return { rows: page, nextBeforeId: rows.length > AUDIT_PAGE ? (page.at(-1)?.id ?? null) : null };
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
