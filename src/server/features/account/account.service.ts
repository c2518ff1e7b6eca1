import type { InviteList } from '#contract/invite.ts';
import type { UserInfo } from '#contract/auth.ts';
import { isLocale, type Locale } from '#domain/i18n/locales.ts';
import { formatAmount } from '#domain/money/amount.ts';
import { annualRateBp, formatPercent, type ProductRules } from '#domain/rules/product-rules.ts';
import { inviteStatus } from '#domain/invite/counting.ts';
import { maskName } from '#domain/privacy/mask.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { createAccountRepository, type AccountRepository } from './account.repository.ts';

/** What other features may read of accounts, each in the caller's own transaction. */
export type { AccountRepository };

export interface AccountServiceDeps {
  db: Db;
  rules: ProductRules;
  clock: Clock;
}

export function createAccountService({ db, rules, clock }: AccountServiceDeps) {
  const repo = createAccountRepository(db);
  return {
    /** The user-info fields, each from the database. */
    async userInfo(userId: number): Promise<UserInfo | null> {
      const user = await repo.findUser(userId);
      if (!user) return null;
      const inviteCount = await repo.countInvitees(userId);
      const counted = await repo.countCountedInvitees(userId, rules.inviteRule, clock.now());
      const tasks = await ledger.totals(db, userId, 'task');
      const interest = await ledger.totals(db, userId, 'interest');
      return {
        username: user.username,
        email: user.email,
        invite_code: user.inviteCode,
        account_id: user.accountId,
        balance: formatAmount(user.balance),
        country: user.country,
        language: isLocale(user.language) ? user.language : null,
        invite_count: inviteCount,
        counted_invite_count: counted,
        total_tasks: tasks.count,
        annual_rate: formatPercent(annualRateBp(rules, counted)),
        total_claimed: formatAmount(interest.total),
        created_time: epochSeconds(user.createdAt),
        welcomed_time: user.welcomedAt ? epochSeconds(user.welcomedAt) : null,
      };
    },

    /**
     * The latest 50 invitations and how they raise the rate, with the rule in force (nothing hidden).
     * Friends' names are masked: the inviter learns who joined, not their e-mail address.
     */
    async inviteList(userId: number): Promise<InviteList> {
      const now = clock.now();
      const rows = await repo.listInvitees(userId, 50, now);
      const counted = await repo.countCountedInvitees(userId, rules.inviteRule, now);
      return {
        list: rows.map((row) => ({
          username: maskName(row.username),
          invite_time: epochSeconds(row.createdAt),
          is_wallet_bound: row.walletBound,
          phone_verified: row.phoneVerified,
          status: inviteStatus(rules.inviteRule, row),
        })),
        invite_count: await repo.countInvitees(userId),
        bound_count: counted,
        rule: rules.inviteRule,
        annual_rate: formatPercent(annualRateBp(rules, counted)),
        apr_base: formatPercent(rules.aprBaseBp),
        apr_step: formatPercent(rules.aprStepBp),
        apr_max: formatPercent(rules.aprMaxBp),
      };
    },

    /** Records that the welcome was seen; the first time stays, so a repeat changes nothing. */
    async welcomed(userId: number): Promise<number> {
      return epochSeconds(await repo.markWelcomed(userId, clock.now()));
    },

    /** The language the account chose; null when it has none yet. */
    async language(userId: number): Promise<Locale | null> {
      const user = await repo.findUser(userId);
      return user && isLocale(user.language) ? user.language : null;
    },

    async setLanguage(userId: number, language: Locale): Promise<void> {
      await repo.setLanguage(userId, language);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
export { accountActions, accountOperator } from './operator.ts';
