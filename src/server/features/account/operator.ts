import { catalogueEntry, type OpsErrorCode } from '#contract/ops-errors.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { accounts } from '#server/features/auth/auth.service.ts';
import { CLI, recordAudit, type AuditActor } from '#server/features/ops/ops.service.ts';
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
    return db.transaction(async (tx): Promise<Result<{ changed: boolean }, OpsErrorCode>> => {
      await accounts.lock(tx, userId);
      const standing = await accounts.closedReason(tx, userId, now);
      if (standing !== null) return fail('ops.already_banned');
      await accounts.ban(tx, userId, why, now);
      const ended = await endAccess(tx, userId, now);
      await recordAudit(
        tx,
        actor,
        {
          action: 'user.ban',
          target: { kind: 'user', id: userId },
          reason: why,
          before: { banned: false },
          after: { banned: true, sessions_ended: ended.sessions },
        },
        now,
      );
      return ok({ changed: true });
    });
  },

  async unban(db: Db, clock: Clock, actor: AuditActor, userId: number, reason: string) {
    const now = clock.now();
    return db.transaction(async (tx): Promise<Result<{ changed: boolean }, OpsErrorCode>> => {
      await accounts.lock(tx, userId);
      const standing = await accounts.closedReason(tx, userId, now);
      const lifted = await accounts.unban(tx, userId, now);
      if (lifted === 0) return fail('ops.not_banned');
      await recordAudit(
        tx,
        actor,
        {
          action: 'user.unban',
          target: { kind: 'user', id: userId },
          reason: reason.trim() || null,
          before: { banned: true, reason: standing },
          after: { banned: false, locks_lifted: lifted },
        },
        now,
      );
      return ok({ changed: true });
    });
  },
};

/** The command line's user commands (`npm run ops -- users …`), recorded in the audit log as `cli`. */
export const accountOperator = {
  async ban(
    db: Db,
    clock: Clock,
    username: string,
    reason: string,
    actor: AuditActor = CLI,
  ): Promise<string | null> {
    const userId = await accounts.idOf(db, username);
    if (userId === null) return catalogueEntry('ops.user_not_found').msg;
    const result = await accountActions.ban(db, clock, actor, userId, reason);
    return result.ok ? null : catalogueEntry(result.error).msg;
  },

  async unban(
    db: Db,
    clock: Clock,
    username: string,
    reason = '',
    actor: AuditActor = CLI,
  ): Promise<string | null> {
    const userId = await accounts.idOf(db, username);
    if (userId === null) return catalogueEntry('ops.user_not_found').msg;
    const result = await accountActions.unban(db, clock, actor, userId, reason);
    return result.ok ? null : catalogueEntry(result.error).msg;
  },
};
