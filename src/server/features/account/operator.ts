import { catalogueEntry, type OpsErrorCode } from '#contract/ops-errors.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { accounts } from '#server/features/auth/auth.service.ts';
import { audited, CLI, type AuditActor } from '#server/features/ops/ops.service.ts';
import { endAccess } from './account-access.ts';

/**
 * An operator's bans (docs/product-rules.md#accountable-enforcement), from the console or the command
 * line: a ban always has a recorded reason and time, which the user is shown when signing in, and ends
 * every way into the account at once (endAccess: sessions, pairing codes, push tokens); lifting it is
 * recorded too. Each change commits with its audit entry. Nothing bans anyone automatically.
 */
export const accountActions = {
  async ban(db: Db, clock: Clock, actor: AuditActor, userId: number, reason: string) {
    const why = reason.trim();
    if (why === '') return fail('ops.reason_required' as const);
    const now = clock.now();
    return audited<{ changed: boolean }, OpsErrorCode>(db, actor, now, async (tx) => {
      await accounts.lock(tx, userId);
      const standing = await accounts.closedReason(tx, userId, now);
      if (standing !== null) return fail('ops.already_banned');
      await accounts.ban(tx, userId, why, now);
      const ended = await endAccess(tx, userId, now, 'banned');
      return ok({
        audit: {
          action: 'user.ban',
          target: { kind: 'user', id: userId },
          reason: why,
          before: { banned: false },
          after: { banned: true, sessions_ended: ended.sessions },
        },
        value: { changed: true },
      });
    });
  },

  async unban(db: Db, clock: Clock, actor: AuditActor, userId: number, reason: string) {
    const now = clock.now();
    return audited<{ changed: boolean }, OpsErrorCode>(db, actor, now, async (tx) => {
      await accounts.lock(tx, userId);
      const standing = await accounts.closedReason(tx, userId, now);
      const lifted = await accounts.unban(tx, userId, now);
      if (lifted === 0) return fail('ops.not_banned');
      return ok({
        audit: {
          action: 'user.unban',
          target: { kind: 'user', id: userId },
          reason: reason.trim() || null,
          before: { banned: true, reason: standing },
          after: { banned: false, locks_lifted: lifted },
        },
        value: { changed: true },
      });
    });
  },
};

/** Acts on the user of this name; answers null when done, else why not, in English for the terminal. */
async function onUserNamed(
  db: Db,
  username: string,
  act: (userId: number) => Promise<Result<unknown, OpsErrorCode>>,
): Promise<string | null> {
  const userId = await accounts.idOf(db, username);
  if (userId === null) return catalogueEntry('ops.user_not_found').msg;
  const result = await act(userId);
  return result.ok ? null : catalogueEntry(result.error).msg;
}

/** The command line's user commands (`npm run ops -- users …`), recorded in the audit log as `cli`. */
export const accountOperator = {
  ban(
    db: Db,
    clock: Clock,
    username: string,
    reason: string,
    actor: AuditActor = CLI,
  ): Promise<string | null> {
    return onUserNamed(db, username, (userId) => accountActions.ban(db, clock, actor, userId, reason));
  },

  unban(
    db: Db,
    clock: Clock,
    username: string,
    reason = '',
    actor: AuditActor = CLI,
  ): Promise<string | null> {
    return onUserNamed(db, username, (userId) => accountActions.unban(db, clock, actor, userId, reason));
  },
};
