import type { FastifyInstance } from 'fastify';
import { OPS_API } from '#contract/ops.ts';
import {
  UserBanBodySchema,
  UserBanResponseSchema,
  UserDetailQuerySchema,
  UserDetailResponseSchema,
  UserSearchQuerySchema,
  UserSearchResponseSchema,
  type OpsUserSummary,
} from '#contract/ops-users.ts';
import { formatAmount } from '#domain/money/amount.ts';
import { fail, ok } from '#domain/result.ts';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { accountActions } from '#server/features/account/account.service.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { consoleActor } from './ops.service.ts';
import { createOpsUsersRepository } from './users.repository.ts';
import { wireWithdrawal } from './withdrawal-wire.ts';

type SummaryRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createOpsUsersRepository>['summary']>>>;

/** The console's users (docs/operators.md#users): search, one user's records, ban and unban. */
export async function opsUsersRoutes(
  app: FastifyInstance,
  { db, clock, rules }: { db: Db; clock: Clock; rules: Pick<ProductRules, 'waitingDays'> },
) {
  const routes = featureRoutes(app, ['ops']);
  const repo = createOpsUsersRepository(db);

  async function summaries(rows: SummaryRow[]): Promise<OpsUserSummary[]> {
    const locks = await repo.standingLocks(
      rows.map((row) => row.id),
      clock.now(),
    );
    return rows.map((row) => {
      const lock = locks.find((candidate) => candidate.userId === row.id);
      return {
        id: row.id,
        username: row.username,
        email: row.email,
        invite_code: row.inviteCode,
        balance: formatAmount(row.balance),
        created_time: epochSeconds(row.createdAt),
        address: row.address,
        tag: row.tag,
        ban: lock ? { reason: lock.reason, since_time: epochSeconds(lock.createdAt) } : null,
      };
    });
  }
  const summaryOf = async (userId: number) => {
    const row = await repo.summary(userId);
    return row ? ((await summaries([row]))[0] ?? null) : null;
  };

  routes.get(
    OPS_API.users,
    {
      summary: 'Finds users by name, e-mail, invite code, XRP address or id',
      query: UserSearchQuerySchema,
      response: UserSearchResponseSchema,
    },
    async ({ query }) => ({ list: await summaries(await repo.search(query.q)) }),
  );

  routes.lookup(
    OPS_API.user,
    {
      summary: "One user's records: ledger, withdrawals, bans and locks",
      query: UserDetailQuerySchema,
      response: UserDetailResponseSchema,
      failures: [404],
    },
    async ({ query }) => {
      const user = await summaryOf(query.id);
      if (!user) return fail('ops.user_not_found');
      const now = clock.now();
      const [entries, sum, withdrawals, locks, facts] = await Promise.all([
        repo.ledger(query.id),
        ledger.sum(db, query.id),
        repo.withdrawals(query.id),
        repo.locks(query.id),
        repo.facts(query.id, now),
      ]);
      return ok({
        user,
        ledger_sum: formatAmount(sum),
        ledger: entries.map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          amount: formatAmount(entry.amount),
          reference: entry.reference,
          created_time: epochSeconds(entry.createdAt),
        })),
        withdrawals: withdrawals.map((row) => wireWithdrawal(row, user.username, rules.waitingDays)),
        locks: locks.map((lock) => ({
          id: lock.id,
          reason: lock.reason,
          created_time: epochSeconds(lock.createdAt),
          until_time: lock.until ? epochSeconds(lock.until) : null,
          lifted_time: lock.liftedAt ? epochSeconds(lock.liftedAt) : null,
        })),
        phone_verified: facts.phoneVerified,
        invited_by: facts.invitedBy,
        invitees: facts.invitees,
        active_sessions: facts.activeSessions,
        tasks_completed: facts.tasksCompleted,
      });
    },
  );

  for (const [path, action] of [
    [OPS_API.userBan, 'ban'],
    [OPS_API.userUnban, 'unban'],
  ] as const) {
    routes.post(
      path,
      {
        summary:
          action === 'ban'
            ? 'Bans a user with a reason they are shown, ending every way into the account'
            : 'Lifts a ban, with a reason kept in the audit log',
        permission: 'users.ban',
        body: UserBanBodySchema,
        response: UserBanResponseSchema,
        failures: [400, 404, 409],
      },
      async ({ body, operator, request }) => {
        if (!(await repo.summary(body.user_id))) return fail('ops.user_not_found');
        if (body.reason.trim() === '') return fail('ops.reason_required');
        const actor = consoleActor(operator, request.ip);
        const result = await accountActions[action](db, clock, actor, body.user_id, body.reason);
        if (!result.ok) return result;
        const user = await summaryOf(body.user_id);
        return user ? ok({ user, changed: result.value.changed }) : fail('ops.user_not_found');
      },
    );
  }
}
