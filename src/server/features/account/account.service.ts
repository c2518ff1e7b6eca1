import type { InviteList } from '#contract/invite.ts';
import type { UserInfo } from '#contract/auth.ts';
import { isLocale, type Locale } from '#domain/i18n/locales.ts';
import { formatAmount } from '#domain/money/amount.ts';
import { annualRateBp, formatPercent, type ProductRules } from '#domain/rules/product-rules.ts';
import { epochSeconds } from '#server/clock.ts';
import type { AccountRepository } from './account.repository.ts';

export function createAccountService({ repo, rules }: { repo: AccountRepository; rules: ProductRules }) {
  return {
    /** The seed's user-info fields, each from the database. */
    async userInfo(userId: number): Promise<UserInfo | null> {
      const user = await repo.findUser(userId);
      if (!user) return null;
      const inviteCount = await repo.countInvitees(userId);
      const boundInvitees = await repo.countBoundInvitees(userId);
      const tasks = await repo.entryTotals(userId, 'task');
      const interest = await repo.entryTotals(userId, 'interest');
      return {
        username: user.username,
        email: user.email,
        invite_code: user.inviteCode,
        balance: formatAmount(user.balance),
        country: user.country,
        language: isLocale(user.language) ? user.language : null,
        invite_count: inviteCount,
        total_tasks: tasks.count,
        annual_rate: formatPercent(annualRateBp(rules, boundInvitees)),
        total_claimed: formatAmount(interest.total),
        created_time: epochSeconds(user.createdAt),
      };
    },

    /** The latest 50 invitations and how they raise the rate (H2: the rules come with them). */
    async inviteList(userId: number): Promise<InviteList> {
      const rows = await repo.listInvitees(userId, 50);
      const bound = await repo.countBoundInvitees(userId);
      return {
        list: rows.map((row) => ({
          username: row.username,
          invite_time: epochSeconds(row.createdAt),
          is_wallet_bound: Boolean(row.bound),
        })),
        invite_count: await repo.countInvitees(userId),
        bound_count: bound,
        annual_rate: formatPercent(annualRateBp(rules, bound)),
        apr_base: formatPercent(rules.aprBaseBp),
        apr_step: formatPercent(rules.aprStepBp),
        apr_max: formatPercent(rules.aprMaxBp),
      };
    },

    async setLanguage(userId: number, language: Locale): Promise<void> {
      await repo.setLanguage(userId, language);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
