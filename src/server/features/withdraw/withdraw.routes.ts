import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { EmptyBodySchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import {
  StartWithdrawalBodySchema,
  AdCompleteResponseSchema,
  AddressResponseSchema,
  AdStartResponseSchema,
  AdStatusResponseSchema,
  AddressBodySchema,
  CheckedAddressResponseSchema,
  ExchangeWhitelistResponseSchema,
  RecentWithdrawalsResponseSchema,
  DestinationBodySchema,
  WithdrawLogsResponseSchema,
  WithdrawRulesResponseSchema,
  WithdrawStatusResponseSchema,
} from '#contract/withdraw.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import { knownDeviceOf } from '#server/plugins/device-cookie.ts';
import type { IdempotentSender } from '#server/plugins/idempotent.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { WithdrawService } from './withdraw.service.ts';

interface WithdrawRoutesOptions {
  withdraw: WithdrawService;
  sendIdempotent: IdempotentSender;
}

const failures = [400, 409, 422];
/**
 * Checking or saving an address says whether another account holds it: a person's few tries, never a
 * walk through an exchange's deposit tags to learn which belong to Earnest's users. Counted per
 * account (the session is known by then), so people behind one address do not share the count.
 */
const ADDRESS_TRIES = {
  max: 30,
  timeWindow: 10 * 60_000,
  keyGenerator: (request: FastifyRequest) => `user:${sessionOf(request).userId}`,
};

export async function withdrawRoutes(
  app: FastifyInstance,
  { withdraw, sendIdempotent }: WithdrawRoutesOptions,
) {
  const routes = featureRoutes(app, ['withdraw'], sendIdempotent);
  // The ad that shortens the wait is described under its own tag.
  const adRoutes = featureRoutes(app, ['ads'], sendIdempotent);

  routes.get(
    API.exchangeWhitelist,
    {
      summary: 'Exchanges whose deposit addresses Earnest pays to',
      response: ExchangeWhitelistResponseSchema,
      access: 'public',
    },
    () => ({ list: withdraw.whitelist() }),
  );

  routes.get(
    API.recentWithdrawals,
    {
      summary: 'The latest withdrawals that were really paid (no fabricated activity), names masked',
      response: RecentWithdrawalsResponseSchema,
      access: 'public',
    },
    async () => ({ list: await withdraw.recentPaid() }),
  );

  routes.get(
    API.getAddress,
    {
      summary: 'The saved withdrawal address, its exchange, the hold a change started and the changes',
      response: AddressResponseSchema,
    },
    ({ userId }) => withdraw.getAddress(userId),
  );

  routes.post(
    API.setAddress,
    {
      summary: 'Saves the first withdrawal address and tag after the password (later ones: changeAddress)',
      body: AddressBodySchema,
      response: AddressResponseSchema,
      access: 'settled',
      failures: [...failures, 429],
      rateLimit: ADDRESS_TRIES,
    },
    ({ session, body, request }) => withdraw.setAddress(session, body, knownDeviceOf(request)),
  );

  routes.post(
    API.checkAddress,
    {
      summary:
        'Checks an address and tag as saving would (checksum, exchange, tag, not taken) without saving',
      body: DestinationBodySchema,
      response: CheckedAddressResponseSchema,
      failures: [...failures, 429],
      rateLimit: ADDRESS_TRIES,
    },
    ({ userId, body }) => withdraw.checkAddress(userId, body),
  );

  routes.post(
    API.changeAddress,
    {
      summary: 'Replaces the address after the password; no withdrawal can start for 72 hours',
      body: AddressBodySchema,
      response: AddressResponseSchema,
      // A device linked less than a day ago cannot redirect payouts.
      access: 'settled',
      failures,
    },
    ({ session, body, request }) => withdraw.changeAddress(session, body, knownDeviceOf(request)),
  );

  routes.get(
    API.withdrawRules,
    {
      summary: 'Every withdrawal rule in force, with the user progress (no hidden conditions)',
      response: WithdrawRulesResponseSchema,
    },
    ({ userId }) => withdraw.rules(userId),
  );

  routes.money(
    API.setWithdrawStatus,
    {
      summary: 'Withdraws the whole balance (Idempotency-Key required)',
      // Optional: the release before sent no body, and its server drops `waiting_days`, so a retry
      // that meets the other release is the same withdrawal.
      body: z.nullish(StartWithdrawalBodySchema),
      response: WithdrawStatusResponseSchema,
      access: 'settled',
      fingerprintOmits: ['waiting_days'],
      failures,
    },
    (tx, { userId, body, idempotencyKey }) =>
      withdraw.startWithdrawal(tx, userId, idempotencyKey, body?.waiting_days),
  );

  routes.get(
    API.getWithdrawStatus,
    { summary: 'The withdrawal in progress, if any', response: WithdrawStatusResponseSchema },
    ({ userId }) => withdraw.status(userId),
  );

  routes.get(
    API.withdrawLogs,
    { summary: 'Withdrawals of the last 7 days', response: WithdrawLogsResponseSchema },
    async ({ userId }) => ({ list: await withdraw.logs(userId) }),
  );

  adRoutes.get(
    API.adStatus,
    { summary: "Today's ad: ready, playing, reduced", response: AdStatusResponseSchema },
    ({ userId }) => withdraw.adStatus(userId),
  );

  adRoutes.post(
    API.adStart,
    {
      summary: "Opens today's ad session",
      body: EmptyBodySchema,
      response: AdStartResponseSchema,
      failures,
    },
    ({ userId }) => withdraw.startAd(userId),
  );

  adRoutes.money(
    API.adComplete,
    {
      summary: 'Completes the ad after its full length (Idempotency-Key required)',
      body: EmptyBodySchema,
      response: AdCompleteResponseSchema,
      failures,
    },
    (tx, { userId }) => withdraw.completeAd(tx, userId),
  );
}
