import type { FastifyInstance } from 'fastify';
import { OPS_API } from '#contract/ops.ts';
import {
  WithdrawalActionBodySchema,
  WithdrawalActionResponseSchema,
  WithdrawalMarkPaidBodySchema,
  WithdrawalQueueQuerySchema,
  WithdrawalQueueResponseSchema,
  WithdrawalRejectBodySchema,
} from '#contract/ops-withdrawals.ts';
import type { OpsErrorCode } from '#contract/ops-errors.ts';
import { ok, type Result } from '#domain/result.ts';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import {
  payoutActions,
  type LedgerReader,
  type OperatorOutcome,
  type Payer,
} from '#server/features/payouts/payouts.service.ts';
import { createPayoutsRepository } from '#server/features/withdraw/withdraw.service.ts';
import { featureRoutes, type RouteContext, type RouteSpec } from '#server/lib/routes.ts';
import { consoleActor, type AuditActor } from './ops.service.ts';
import { wireWithdrawal as wire } from './withdrawal-wire.ts';

export interface OpsWithdrawalsOptions {
  db: Db;
  clock: Clock;
  rules: ProductRules;
  /** Connects the payout key, when this process holds it; null: "pay now" is not available here. */
  connectPayer: (() => Promise<Payer>) | null;
  /** The ledger, when configured: a recorded hash is checked there first. */
  ledger: Pick<LedgerReader, 'payment'> | null;
  /** Told once a withdrawal paid now is final (the user's notice). */
  onFinal?: (withdrawal: { id: number; userId: number; status: 'success' | 'failed' }) => Promise<void>;
}

const PAGE = 50;
const DAY_MS = 86_400_000;

/** The console's withdrawals (docs/operators.md#withdrawals): the queue, and what an operator does to one. */
export async function opsWithdrawalsRoutes(app: FastifyInstance, options: OpsWithdrawalsOptions) {
  const { db, clock, connectPayer, ledger } = options;
  const routes = featureRoutes(app, ['ops']);

  /**
   * What an operator does to one withdrawal: `act` runs as the operator calling, and the route answers
   * the withdrawal as it stands after, and whether anything changed.
   */
  function action<B>(
    path: string,
    spec: Omit<RouteSpec<typeof WithdrawalActionResponseSchema, B>, 'response'>,
    act: (
      actor: AuditActor,
      context: RouteContext<B, undefined>,
    ) => Promise<Result<OperatorOutcome, OpsErrorCode>>,
  ) {
    routes.post(path, { ...spec, response: WithdrawalActionResponseSchema }, async (context) => {
      const result = await act(consoleActor(context.operator, context.request.ip), context);
      if (!result.ok) return result;
      const username = (await createPayoutsRepository(db).usernameOf(result.value.row.userId)) ?? '';
      return ok({
        withdrawal: wire(result.value.row, username, options.rules.waitingDays),
        changed: result.value.changed,
      });
    });
  }

  routes.get(
    OPS_API.withdrawals,
    {
      summary: 'The withdrawals queue, oldest first, filtered by state, user and age',
      query: WithdrawalQueueQuerySchema,
      response: WithdrawalQueueResponseSchema,
    },
    async ({ query }) => {
      const rows = await createPayoutsRepository(db).queue({
        state: query.state,
        user: query.user,
        requestedBefore:
          query.min_age_days === undefined
            ? undefined
            : new Date(clock.now().getTime() - query.min_age_days * DAY_MS),
        afterId: query.after_id,
        limit: PAGE + 1,
      });
      const page = rows.slice(0, PAGE);
      return {
        list: page.map((row) => wire(row.withdrawal, row.username, options.rules.waitingDays)),
        next_after_id: rows.length > PAGE ? (page.at(-1)?.withdrawal.id ?? null) : null,
        can_pay_now: connectPayer !== null,
        checks_hash_on_ledger: ledger !== null,
      };
    },
  );

  // Claiming and releasing differ only in what they do to the withdrawal.
  for (const [path, summary, act] of [
    [
      OPS_API.withdrawalClaim,
      'Takes a due withdrawal out of the payout job, to pay it by hand',
      payoutActions.claim,
    ],
    [OPS_API.withdrawalRelease, 'Gives a claimed withdrawal back to the payout job', payoutActions.release],
  ] as const) {
    action(
      path,
      { summary, permission: 'withdrawals.pay', body: WithdrawalActionBodySchema, failures: [404, 409] },
      (actor, { body }) => act(db, clock, actor, body.id, body.reason),
    );
  }

  action(
    OPS_API.withdrawalMarkPaid,
    {
      summary:
        'Records a claimed withdrawal as paid by a ledger transaction (checked on the ledger when configured)',
      permission: 'withdrawals.pay',
      body: WithdrawalMarkPaidBodySchema,
      failures: [400, 404, 409, 503],
    },
    (actor, { body }) =>
      payoutActions.markPaid(
        db,
        clock,
        actor,
        { id: body.id, txHash: body.tx_hash, reason: body.reason },
        ledger,
      ),
  );

  action(
    OPS_API.withdrawalReject,
    {
      summary: 'Rejects a withdrawal not yet signed, with a reason the user sees, and refunds it',
      permission: 'withdrawals.reject',
      body: WithdrawalRejectBodySchema,
      failures: [400, 404, 409],
    },
    (actor, { body }) => payoutActions.reject(db, clock, actor, body.id, body.reason),
  );

  action(
    OPS_API.withdrawalPayNow,
    {
      summary: 'Pays a due withdrawal on the XRP Ledger now, as the payout job would',
      permission: 'withdrawals.pay',
      body: WithdrawalActionBodySchema,
      failures: [404, 409, 503],
    },
    (actor, { body, request }) =>
      payoutActions.payNow(
        {
          db,
          clock,
          rules: options.rules,
          log: request.log,
          ...(options.onFinal ? { onFinal: options.onFinal } : {}),
        },
        connectPayer,
        actor,
        body.id,
        body.reason,
      ),
  );
}
