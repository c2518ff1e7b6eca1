import { asciiDigits } from '../i18n/digits.ts';

/**
 * Operators: the people who run Earnest from the console at /ops (docs/operators.md). They are not
 * users: their own table, their own sessions (short), a password and a TOTP second factor, and a role.
 */

export const OPERATOR_ROLES = ['admin', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * What an operator route may require. Admins may do everything; support may read, ban and unban, and
 * reject withdrawals. A permission added later is admin-only until it is added to SUPPORT_MAY.
 */
export const OPS_PERMISSIONS = [
  'read',
  'users.ban',
  'withdrawals.reject',
  'withdrawals.pay',
  'operators.manage',
  'tasks.edit',
  'settings.edit',
  'testimonials.review',
] as const;
export type OpsPermission = (typeof OPS_PERMISSIONS)[number];

const SUPPORT_MAY: ReadonlySet<OpsPermission> = new Set(['read', 'users.ban', 'withdrawals.reject']);

/** Whether an operator of this role may do what a route requires. */
export function can(role: OperatorRole, permission: OpsPermission): boolean {
  return role === 'admin' || SUPPORT_MAY.has(permission);
}

/** Whether a string is a role. */
export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** A session ends after this long without a request… */
export const OPS_IDLE_MS = 30 * 60_000;
/** …and this long after sign-in, whatever happens. */
export const OPS_SESSION_MS = 8 * 60 * 60_000;
/** A set-up link works once, for this long. */
export const OPS_SETUP_LINK_MS = 24 * 60 * 60_000;
/** An operator's password: long, because it guards every user's money. */
export const OPS_PASSWORD_MIN = 12;
export const OPS_PASSWORD_MAX = 128;
/** What the audit log calls the command line (so no operator may be named so). */
export const CLI_ACTOR = 'cli';

/** When a session that began at `createdAt` and was last used at `lastSeenAt` ends. */
export function opsSessionEnd(createdAt: Date, lastSeenAt: Date): Date {
  return new Date(Math.min(lastSeenAt.getTime() + OPS_IDLE_MS, createdAt.getTime() + OPS_SESSION_MS));
}

/** An operator's name in its stored form (lower-case), or null when it cannot be one. */
export function normaliseOperatorName(input: string): string | null {
  const name = input.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9._-]{2,31}$/.test(name) || name === CLI_ACTOR) return null;
  return name;
}

/**
 * A TOTP code as typed ("123 456"), or null when it cannot be one (6 digits). An Arabic keyboard
 * types ١٢٣٤٥٦ and a Chinese one may type full-width １２３４５６: the same code, read as ASCII.
 */
export function normaliseTotpCode(input: string): string | null {
  const code = asciiDigits(input.normalize('NFKC')).replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}
