import type { PublicSettings } from '#contract/settings.ts';
import { formatAmount } from '#domain/money/amount.ts';
import { formatPercent, type ProductRules } from '#domain/rules/product-rules.ts';
import type { WithdrawRuleId } from '#domain/withdraw/eligibility.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';

export interface SettingsServiceDeps {
  rules: ProductRules;
  clock: Clock;
  /** The support link in force (the console may change it: docs/operators.md#settings). */
  supportUrl: () => string | null;
  /** An explorer's page for a ledger transaction, `{hash}` standing for its hash. */
  explorerTxUrl: string;
  /** How many accounts exist: the only statistic Landing shows, counted, never claimed. */
  countUsers: () => Promise<number>;
  /** From how many accounts the count is published (LANDING_USERS_MIN); below, it is null. */
  usersShownFrom: number;
  /** The withdrawal rules in force, as the withdraw service enforces them (docs/product-rules.md#no-hidden-conditions). */
  withdrawRules: () => { id: WithdrawRuleId; required: string }[];
  /** The bot challenge the app must show on register, login and SMS sending; null: none. */
  botChallenge: { siteKey: string; scriptUrl: string } | null;
}

/**
 * The public figures: every number Landing and the rule texts show comes from here, computed from the
 * configuration in force and the database (docs/product-rules.md#no-contradicting-claims).
 */
export function createSettingsService({
  rules,
  clock,
  supportUrl,
  explorerTxUrl,
  countUsers,
  usersShownFrom,
  withdrawRules,
  botChallenge,
}: SettingsServiceDeps) {
  async function usersFigure(): Promise<PublicSettings['stats']> {
    const users = await countUsers();
    return { users: users >= usersShownFrom ? users : null };
  }

  return {
    async publicSettings(): Promise<PublicSettings> {
      return {
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
        support_url: supportUrl(),
        explorer_tx_url: explorerTxUrl,
        stats: await usersFigure(),
      };
    },

    serverTime(): { time: number } {
      return { time: epochSeconds(clock.now()) };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
