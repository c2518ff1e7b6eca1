import type { DailyReward } from '#contract/rewards.ts';
import { formatAmount, parseAmount } from '#domain/money/amount.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import { dailyInterest } from '#domain/rewards/interest.ts';
import { annualRateBp, formatPercent, type ProductRules } from '#domain/rules/product-rules.ts';
import { dayOf, nextDayStart } from '#domain/time/day.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { AccountRepository } from '#server/features/account/account.service.ts';
import type { DayProgress } from '#server/features/tasks/tasks.service.ts';
import { ledger } from '#server/ledger/ledger.ts';

export type InterestError =
  | 'rewards.tasks_incomplete'
  | 'rewards.address_required'
  | 'rewards.already_claimed'
  | 'rewards.nothing_to_claim'
  | 'rewards.amount_changed';

/** What a claim credited, and the balance after it. */
export interface Claim {
  amount: string;
  balance: string;
  claim_time: number;
}

export interface RewardsServiceDeps {
  db: Db;
  clock: Clock;
  rules: ProductRules;
  timeZone: string;
  accounts: (db: Db) => AccountRepository;
  /** The day's tasks: how many are credited and how many the day holds (the tasks feature's answer, read in the caller's transaction). */
  dayProgress: (executor: Db, userId: number, day: string) => Promise<DayProgress>;
}

export function createRewardsService({
  db,
  clock,
  rules,
  timeZone,
  accounts,
  dayProgress,
}: RewardsServiceDeps) {
  /** Today's interest offer, computed exactly as a claim would credit it. */
  async function offer(executor: Db, userId: number) {
    const now = clock.now();
    const day = dayOf(now, timeZone);
    const repo = accounts(executor);
    const rateBp = annualRateBp(rules, await repo.countCountedInvitees(userId, rules.inviteRule, now));
    const balance = await ledger.balance(executor, userId);
    const last = await ledger.latest(executor, userId, 'interest');
    const claimedToday = last?.reference === `interest:${day}`;
    const tasks = await dayProgress(executor, userId, day);
    return {
      now,
      day,
      rateBp,
      amount: dailyInterest(balance, rateBp),
      last,
      claimedToday,
      tasksDone: tasks.done,
      // All of the day's tasks: an operator who switches one off, or a catalog that cannot fill the
      // day, must not leave a requirement nobody can meet.
      tasksNeeded: tasks.total,
      addressSet: await repo.hasWithdrawAddress(userId),
    };
  }

  async function dailyReward(userId: number): Promise<DailyReward> {
    const o = await offer(db, userId);
    const gift = await ledger.latest(db, userId, 'gift');
    return {
      day: o.day,
      today_tasks: o.tasksDone,
      tasks_per_day: rules.tasksPerDay,
      day_tasks: o.tasksNeeded,
      daily_reward: formatAmount(o.claimedToday ? 0n : o.amount),
      annual_rate: formatPercent(o.rateBp),
      last_claim_time: o.last ? epochSeconds(o.last.createdAt) : null,
      next_claim_time: epochSeconds(o.claimedToday ? nextDayStart(o.now, timeZone) : o.now),
      claimed_today: o.claimedToday,
      address_set: o.addressSet,
      gift_amount: formatAmount(rules.giftAmount),
      gift_claimed: gift !== null,
    };
  }

  /** Credits today's interest inside the caller's idempotent transaction (it holds the user's lock). */
  async function claimInterest(
    tx: Db,
    userId: number,
    shownAmount: string | undefined,
    idempotencyKey: string,
  ): Promise<Result<Claim, InterestError>> {
    const o = await offer(tx, userId);
    if (o.claimedToday) return fail('rewards.already_claimed');
    if (o.tasksDone < o.tasksNeeded) return fail('rewards.tasks_incomplete');
    if (!o.addressSet) return fail('rewards.address_required');
    if (o.amount <= 0n) return fail('rewards.nothing_to_claim');
    if (shownAmount !== undefined && parseAmount(shownAmount) !== o.amount)
      return fail('rewards.amount_changed');
    const balance = await ledger.append(tx, {
      userId,
      kind: 'interest',
      amount: o.amount,
      idempotencyKey,
      reference: `interest:${o.day}`,
      createdAt: o.now,
    });
    return ok({
      amount: formatAmount(o.amount),
      balance: formatAmount(balance),
      claim_time: epochSeconds(o.now),
    });
  }

  /**
   * Credits the new-user gift once per user, inside the caller's idempotent transaction: the amount in
   * force, which must be the one the user was shown (an operator may change it, or set 0 to offer none).
   */
  async function claimGift(
    tx: Db,
    userId: number,
    shownAmount: string | undefined,
    idempotencyKey: string,
  ): Promise<Result<Claim, 'rewards.already_claimed' | 'rewards.no_gift' | 'rewards.amount_changed'>> {
    if (await ledger.latest(tx, userId, 'gift')) return fail('rewards.already_claimed');
    if (rules.giftAmount <= 0n) return fail('rewards.no_gift');
    if (shownAmount !== undefined && parseAmount(shownAmount) !== rules.giftAmount)
      return fail('rewards.amount_changed');
    // The user's row lock, which the idempotent transaction took with its key, makes this check safe;
    // the partial unique index on (user, kind, reference) would still refuse a second gift if anything
    // slipped past it.
    const now = clock.now();
    const balance = await ledger.append(tx, {
      userId,
      kind: 'gift',
      amount: rules.giftAmount,
      idempotencyKey,
      reference: 'gift',
      createdAt: now,
    });
    return ok({
      amount: formatAmount(rules.giftAmount),
      balance: formatAmount(balance),
      claim_time: epochSeconds(now),
    });
  }

  return { dailyReward, claimInterest, claimGift };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
