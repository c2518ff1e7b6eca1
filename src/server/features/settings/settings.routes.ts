import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '#contract/paths.ts';
import { PublicSettingsResponseSchema, ServerTimeResponseSchema } from '#contract/settings.ts';
import { formatAmount } from '#domain/money/amount.ts';
import { formatPercent, type ProductRules } from '#domain/rules/product-rules.ts';
import type { WithdrawRuleId } from '#domain/withdraw/eligibility.ts';
import type { Clock } from '#server/clock.ts';
import { epochSeconds } from '#server/clock.ts';
import type { AccountRepository } from '#server/features/account/account.repository.ts';
import { sendOk } from '#server/lib/reply.ts';

interface SettingsRoutesOptions {
  rules: ProductRules;
  accounts: AccountRepository;
  clock: Clock;
  supportUrl: string | null;
  /** The withdrawal rules in force, as the withdraw service enforces them (docs/product-rules.md#no-hidden-conditions). */
  withdrawRules: () => { id: WithdrawRuleId; required: string }[];
  /** The bot challenge the app must show on register, login and SMS sending; null: none. */
  botChallenge: { siteKey: string; scriptUrl: string } | null;
}

export async function settingsRoutes(app: FastifyInstance, options: SettingsRoutesOptions) {
  const { rules, accounts, clock, supportUrl, withdrawRules, botChallenge } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    API.customSettings,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Public figures: the rules in force and statistics counted from the database',
        tags: ['settings'],
        response: { 200: PublicSettingsResponseSchema },
      },
    },
    async (_request, reply) =>
      sendOk(reply, {
        tasks_per_day: rules.tasksPerDay,
        daily_task_cap: formatAmount(rules.dailyTaskCap),
        gift_amount: formatAmount(rules.giftAmount),
        kyc_bonus: formatAmount(rules.kycBonus),
        apr_base: formatPercent(rules.aprBaseBp),
        apr_step: formatPercent(rules.aprStepBp),
        apr_max: formatPercent(rules.aprMaxBp),
        min_withdrawal: formatAmount(rules.minWithdrawal),
        waiting_days: rules.waitingDays,
        ad_seconds: rules.adSeconds,
        ad_reduction_min_hours: rules.adReductionMinHours,
        ad_reduction_max_hours: rules.adReductionMaxHours,
        withdraw_rules: withdrawRules(),
        invite_rule: rules.inviteRule,
        bot_challenge: botChallenge
          ? { site_key: botChallenge.siteKey, script_url: botChallenge.scriptUrl }
          : null,
        support_url: supportUrl,
        stats: { users: await accounts.countUsers() },
      }),
  );

  api.get(
    API.serverTime,
    {
      config: { access: 'public' },
      schema: {
        summary: "The server's clock, in seconds since the epoch",
        tags: ['settings'],
        response: { 200: ServerTimeResponseSchema },
      },
    },
    async (_request, reply) => sendOk(reply, { time: epochSeconds(clock.now()) }),
  );
}
