import type { Address, AdStatus, WithdrawLog, WithdrawRule, WithdrawStatus } from '#contract/withdraw.ts';
import type { InviteRule } from '#domain/invite/counting.ts';
import { floorToDrops, formatAmount } from '#domain/money/amount.ts';
import { maskName } from '#domain/privacy/mask.ts';
import { fail, ok, type Result } from '#domain/result.ts';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import { dayOf, dayStart, nextDayStart } from '#domain/time/day.ts';
import { parseDestination, type AddressRefusal } from '#domain/withdraw/address.ts';
import {
  ADDRESS_CHANGE_HOLD_HOURS,
  mayWithdraw,
  withdrawRules,
  type WithdrawRuleConfig,
  type WithdrawRuleId,
} from '#domain/withdraw/eligibility.ts';
import { adReductionHours, withdrawalEndTime } from '#domain/withdraw/waiting.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import { isUniqueViolation, type Db } from '#server/db/database.ts';
import type { AccountRepository } from '#server/features/account/account.service.ts';
import type { KnownDevice, SessionRefusal } from '#server/features/auth/auth.service.ts';
import type { KeyedHash } from '#server/lib/server-secrets.repository.ts';
import { ledger } from '#server/ledger/ledger.ts';
import type { WhitelistedExchange } from './exchange-whitelist.ts';
import { createWithdrawRepository, type WithdrawalRow } from './withdraw.repository.ts';

export type CheckAddressError = AddressRefusal | 'withdraw.not_whitelisted' | 'withdraw.address_taken';
export type SetAddressError =
  | CheckAddressError
  | 'withdraw.address_already_set'
  | SessionRefusal
  | 'account.password_wrong'
  | 'auth.too_many_attempts';
export type ChangeAddressError =
  | CheckAddressError
  | 'withdraw.address_missing'
  | 'withdraw.address_unchanged'
  | 'account.password_wrong'
  | 'auth.too_many_attempts';

/** The payout job and the operator (features/payouts) reach withdrawals that fell due through this. */
export { createPayoutsRepository, type PayoutRow } from './payouts.repository.ts';
/** The public transparency page (features/transparency) reads paid withdrawals and sums through this. */
export { createPaidWithdrawalsRepository } from './paid-withdrawals.repository.ts';

/** The account's current password, checked through the sign-in attempt limits (the auth feature's). */
export type PasswordCheck = (
  userId: number,
  password: string,
  device: KnownDevice | null,
) => Promise<Result<true, 'account.password_wrong' | 'auth.too_many_attempts'>>;

/** How long after an ad's end its completion is still taken once the day has changed. */
const AD_COMPLETION_GRACE_MS = 3_600_000;

export type StartWithdrawalError = 'withdraw.in_progress' | 'withdraw.rules_unmet' | 'withdraw.terms_changed';
export type AdError = 'ads.no_withdrawal' | 'ads.already_today' | 'ads.not_started' | 'ads.too_early';

export interface WithdrawServiceDeps {
  db: Db;
  clock: Clock;
  /** The rules in force (the console may change them from a stated time: docs/operators.md#settings). */
  rules: ProductRules;
  /** The extra withdrawal rules in force now. */
  ruleConfig: () => Omit<WithdrawRuleConfig, 'minBalance'>;
  timeZone: string;
  accounts: (db: Db) => AccountRepository;
  /** Whether the user verified a phone (the kyc feature's answer, read in the caller's transaction). */
  phoneVerified: (executor: Db, userId: number) => Promise<boolean>;
  /** The exchanges whose addresses may be saved, as in force now. */
  whitelist: () => WhitelistedExchange[];
  adVideoUrl: string | null;
  checkPassword: PasswordCheck;
  /** Takes the account's lock for the session: null while it still lets the account in, else why not (auth's `refusalUnderLock`). */
  refusalUnderLock: (
    tx: Db,
    session: { userId: number; sessionId: number },
  ) => Promise<SessionRefusal | null>;
  /** Tells every device of the account that its address changed (push; the app shows it from state). */
  announceAddressChange: (userId: number, changeTime: Date) => Promise<void>;
  /** A fraction in [0, 1) for the ad's reduction; tests pass their own. */
  random?: () => number;
  /** The configured waiting period: what withdrawals requested before periods were kept per row wait. */
  configuredWaitingDays: number;
  /** The server's keyed hash: a deposit's holder is kept under it, never under the address. */
  hash: KeyedHash;
}

const LOG_DAYS = 7;

/**
 * Forgets the user's withdrawal address and past destinations (amounts and transaction hashes stay
 * for the books), in the caller's transaction.
 */
export async function eraseWithdrawDestinations(tx: Db, userId: number): Promise<void> {
  await createWithdrawRepository(tx).eraseDestinationsOf(userId);
}

/** How many withdrawals stand in each state: processing, transferring, success, failed. */
export function withdrawalsByStatus(db: Db): Promise<{ status: string; n: number }[]> {
  return createWithdrawRepository(db).countsByStatus();
}

/**
 * Users whose withdrawal is still waiting, whom today's ad would still help (the wait is not over),
 * and who have not watched it today: the push schedule tells them the ad is there again.
 */
export async function usersTheAdStillHelps(
  db: Db,
  now: Date,
  day: string,
  rules: ProductRules,
): Promise<number[]> {
  const waiting = await createWithdrawRepository(db).waitingWithoutAd(day);
  return waiting
    .filter(
      (row) =>
        withdrawalEndTime(row.createdAt.getTime(), row.waitingDays ?? rules.waitingDays, row.reducedHours) >
        now.getTime(),
    )
    .map((row) => row.userId);
}

/** A rule's progress on the wire: the balance as an XRP decimal, the others as whole numbers. */
const shownProgress = (id: WithdrawRuleId, value: bigint) =>
  id === 'min_balance' ? formatAmount(value) : value.toString();

export function createWithdrawService(deps: WithdrawServiceDeps) {
  const { db, clock, rules, timeZone, whitelist } = deps;
  const repo = createWithdrawRepository(db);
  const random = deps.random ?? Math.random;
  const destinationOf = (address: string, tag: string) => deps.hash('destination', `${address}\0${tag}`);
  // Read per request: an operator's change takes effect at its stated time, without a restart.
  const exchangeOf = () =>
    new Map(
      whitelist().flatMap((exchange) =>
        exchange.addresses.map((address) => [address, exchange.name] as const),
      ),
    );
  const currentRuleConfig = (): WithdrawRuleConfig => ({
    ...deps.ruleConfig(),
    minBalance: rules.minWithdrawal,
  });

  /** A change's hold while it is in force; null once it has passed. */
  const activeHold = (holdUntil: Date | null) =>
    holdUntil !== null && holdUntil.getTime() > clock.now().getTime() ? holdUntil : null;

  // A withdrawal waits the period in force when it was requested (kept on its row), never a later one.
  const endTimeOf = (row: WithdrawalRow) =>
    withdrawalEndTime(
      row.createdAt.getTime(),
      row.waitingDays ?? deps.configuredWaitingDays,
      row.reducedHours,
    );
  /**
   * An open withdrawal whose wait an ad can still shorten: one already due (waiting for the payout
   * job, a refill or an operator) has nothing left to shorten, and hours recorded then would make the
   * public "without the ad" payout times longer than any wait was (docs/transparency.md).
   */
  const shortenable = (row: WithdrawalRow | null, now: Date): row is WithdrawalRow =>
    row !== null && row.status === 'processing' && endTimeOf(row) > now.getTime();

  async function ruleStatus(executor: Db, userId: number) {
    const ruleConfig = currentRuleConfig();
    const accounts = deps.accounts(executor);
    const address = await createWithdrawRepository(executor).address(userId);
    const hold = activeHold(address?.holdUntil ?? null);
    const statuses = withdrawRules(ruleConfig, {
      balance: await ledger.balance(executor, userId),
      addressSaved: address !== null,
      addressHoldUntil: hold === null ? null : epochSeconds(hold),
      boundInvitations:
        ruleConfig.requiredBoundInvitations > 0
          ? await accounts.countCountedInvitees(userId, rules.inviteRule, clock.now())
          : 0,
      phoneVerified: ruleConfig.requirePhone ? await deps.phoneVerified(executor, userId) : false,
    });
    return statuses;
  }

  function toLog(row: WithdrawalRow): WithdrawLog {
    return {
      id: row.id,
      amount: formatAmount(row.amount),
      status: row.status as WithdrawLog['status'],
      create_time: epochSeconds(row.createdAt),
      end_time: Math.floor(endTimeOf(row) / 1000),
      settled_time: row.settledAt === null ? null : epochSeconds(row.settledAt),
      address: row.address,
      tag: row.tag,
      tx_hash: row.txHash,
      delivered_amount: row.deliveredAmount === null ? null : formatAmount(row.deliveredAmount),
      failure_reason: row.failureReason,
      held_reason: row.heldReason,
    };
  }

  return {
    whitelist: () => whitelist(),

    /**
     * Records the holders of the deposits saved or paid to before holders were recorded, each with its
     * first account, at the server's start; once recorded, nothing is done. One transaction: a start
     * stopped half-way records none, and the next start does it again.
     */
    async recordEarlierHolders(): Promise<number> {
      return db.transaction(async (tx) => {
        const withdrawRepo = createWithdrawRepository(tx);
        const earlier = await withdrawRepo.unrecordedDestinations();
        await withdrawRepo.recordHolders(
          earlier.map(({ address, tag, userId }) => ({ destination: destinationOf(address, tag), userId })),
          clock.now(),
        );
        return earlier.length;
      });
    },

    /** The rules in force and what each requires, for everyone to read (Landing). */
    publicRules() {
      const none = {
        balance: 0n,
        addressSaved: false,
        addressHoldUntil: null,
        boundInvitations: 0,
        phoneVerified: false,
      };
      return withdrawRules(currentRuleConfig(), none).map((rule) => ({
        id: rule.id,
        required: shownProgress(rule.id, rule.required),
      }));
    },

    /** Whether the user has a withdrawal waiting or being paid (an account cannot be deleted then). */
    async hasOpenWithdrawal(executor: Db, userId: number): Promise<boolean> {
      return (await createWithdrawRepository(executor).open(userId)) !== null;
    },

    async getAddress(userId: number): Promise<Address> {
      const row = await repo.address(userId);
      const holdUntil = activeHold(row?.holdUntil ?? null);
      return {
        walletaddress: row?.address ?? '',
        tag: row?.tag ?? '',
        exchange: row ? (exchangeOf().get(row.address) ?? null) : null,
        hold_until: holdUntil === null ? null : epochSeconds(holdUntil),
        changes: (await repo.addressChanges(userId)).map((change) => ({
          old_address: change.oldAddress,
          old_tag: change.oldTag,
          new_address: change.newAddress,
          new_tag: change.newTag,
          time: epochSeconds(change.createdAt),
          hold_until: epochSeconds(change.holdUntil),
        })),
      };
    },

    /**
     * Everything that can be checked before an address is saved, without saving it: the checksum, a
     * supported exchange, a tag, and that no other account holds this address and tag.
     */
    async checkAddress(
      userId: number,
      input: { walletaddress: string; tag: string },
    ): Promise<Result<{ walletaddress: string; tag: string; exchange: string }, CheckAddressError>> {
      const parsed = parseDestination(input.walletaddress, input.tag);
      if (!parsed.ok) return parsed;
      const exchange = exchangeOf().get(parsed.value.address);
      if (exchange === undefined) return fail('withdraw.not_whitelisted');
      const { address, tag } = parsed.value;
      if (await repo.addressHeldByOther(userId, address, tag, destinationOf(address, tag))) {
        return fail('withdraw.address_taken');
      }
      return ok({ walletaddress: parsed.value.address, tag: parsed.value.tag, exchange });
    },

    /**
     * Replaces the address: the password first, then the new address is in force at once for any
     * withdrawal started later, but none can start for the hold's 72 hours; a withdrawal already
     * running keeps the address it was requested to. Every device hears of it.
     */
    async changeAddress(
      session: { userId: number; sessionId: number },
      input: { walletaddress: string; tag: string; password: string },
      device: KnownDevice | null,
    ): Promise<Result<Address, ChangeAddressError | SessionRefusal>> {
      const { userId } = session;
      const checked = await this.checkAddress(userId, input);
      if (!checked.ok) return checked;
      const current = await repo.address(userId);
      if (!current) return fail('withdraw.address_missing');
      if (current.address === checked.value.walletaddress && current.tag === checked.value.tag) {
        return fail('withdraw.address_unchanged');
      }
      const password = await deps.checkPassword(userId, input.password, device);
      if (!password.ok) return password;
      const now = clock.now();
      const holdUntil = new Date(now.getTime() + ADDRESS_CHANGE_HOLD_HOURS * 3_600_000);
      try {
        const changed = await db.transaction(async (tx) => {
          // The password check takes a while: a sign-out of this device, a new password or a ban
          // that landed meanwhile must stop the change, as it stops a money request.
          const refused = await deps.refusalUnderLock(tx, session);
          if (refused) return { refused };
          const rows = createWithdrawRepository(tx);
          const locked = await rows.address(userId);
          if (!locked) return false;
          const { walletaddress, tag } = checked.value;
          if (!(await rows.claimDestination(destinationOf(walletaddress, tag), userId, now))) {
            return 'taken' as const;
          }
          await rows.changeAddress({
            userId,
            old: { address: locked.address, tag: locked.tag },
            address: checked.value.walletaddress,
            tag: checked.value.tag,
            now,
            holdUntil,
          });
          return true;
        });
        if (typeof changed === 'object') return fail(changed.refused);
        if (changed === 'taken') return fail('withdraw.address_taken');
        if (!changed) return fail('withdraw.address_missing');
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return fail('withdraw.address_taken');
      }
      await deps.announceAddressChange(userId, now);
      return ok(await this.getAddress(userId));
    },

    /**
     * Checks and saves the first address after the password, as a change takes it: whoever holds a
     * session without the password must not choose where the balance is paid. Later ones go through
     * changeAddress.
     */
    async setAddress(
      session: { userId: number; sessionId: number },
      input: { walletaddress: string; tag: string; password: string },
      device: KnownDevice | null,
    ): Promise<Result<Address, SetAddressError>> {
      const { userId } = session;
      const parsed = parseDestination(input.walletaddress, input.tag);
      if (!parsed.ok) return parsed;
      if (!exchangeOf().has(parsed.value.address)) return fail('withdraw.not_whitelisted');
      if (await repo.address(userId)) return fail('withdraw.address_already_set');
      const password = await deps.checkPassword(userId, input.password, device);
      if (!password.ok) return password;
      try {
        // Under the account's lock: an address saved for an account just deleted or banned would
        // outlive its erasure, and hold the address and tag that no other account may then use.
        const saved = await db.transaction(async (tx) => {
          const refused = await deps.refusalUnderLock(tx, session);
          if (refused) return { refused };
          const { address, tag } = parsed.value;
          const now = clock.now();
          const rows = createWithdrawRepository(tx);
          if (!(await rows.claimDestination(destinationOf(address, tag), userId, now))) {
            return 'taken' as const;
          }
          return rows.saveAddress(userId, address, tag, now);
        });
        if (typeof saved === 'object') return fail(saved.refused);
        if (saved === 'taken') return fail('withdraw.address_taken');
        if (saved) return ok(await this.getAddress(userId));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      // Either this user saved one meanwhile, or another user holds this address and tag.
      return fail((await repo.address(userId)) ? 'withdraw.address_already_set' : 'withdraw.address_taken');
    },

    async rules(
      userId: number,
    ): Promise<{ rules: WithdrawRule[]; may_withdraw: boolean; invite_rule: InviteRule }> {
      const statuses = await ruleStatus(db, userId);
      return {
        rules: statuses.map((rule) => ({
          ...rule,
          current: shownProgress(rule.id, rule.current),
          required: shownProgress(rule.id, rule.required),
        })),
        may_withdraw: mayWithdraw(statuses),
        invite_rule: rules.inviteRule,
      };
    },

    /**
     * Starts a withdrawal of the whole balance, rounded down to drops (what the ledger can pay): one
     * debit in the caller's idempotent transaction. The rules are checked under the user's row lock,
     * and the database allows one open withdrawal per user, so racing requests withdraw once.
     */
    async startWithdrawal(
      tx: Db,
      userId: number,
      key: string,
      shownWaitingDays?: number,
    ): Promise<Result<WithdrawStatus, StartWithdrawalError>> {
      await ledger.lockUser(tx, userId);
      if (await createWithdrawRepository(tx).open(userId)) return fail('withdraw.in_progress');
      if (!mayWithdraw(await ruleStatus(tx, userId))) return fail('withdraw.rules_unmet');
      const address = await createWithdrawRepository(tx).address(userId);
      const amount = floorToDrops(await ledger.balance(tx, userId));
      if (!address || amount <= 0n) return fail('withdraw.rules_unmet');
      // The user confirmed a waiting period: one that took effect since was not agreed to
      // (docs/product-rules.md#shown-equals-credited).
      const waitingDays = rules.waitingDays;
      if (shownWaitingDays !== undefined && shownWaitingDays !== waitingDays) {
        return fail('withdraw.terms_changed');
      }
      const now = clock.now();
      const row = await createWithdrawRepository(tx).create({
        userId,
        amount,
        address: address.address,
        tag: address.tag,
        status: 'processing',
        createdAt: now,
        waitingDays,
      });
      await ledger.append(tx, {
        userId,
        kind: 'withdrawal',
        amount: -amount,
        idempotencyKey: key,
        reference: `withdrawal:${row.id}`,
        createdAt: now,
      });
      return ok(statusOf(row));
    },

    async status(userId: number): Promise<WithdrawStatus> {
      const row = await repo.open(userId);
      return row
        ? statusOf(row)
        : { status: 0, create_time: null, end_time: null, reduced_hours: 0, amount: null };
    },

    async logs(userId: number): Promise<WithdrawLog[]> {
      const from = new Date(clock.now().getTime() - LOG_DAYS * 24 * 3_600_000);
      return (await repo.since(userId, from)).map(toLog);
    },

    /** No fabricated activity (docs/product-rules.md#no-fabricated-activity): the latest withdrawals that were really paid; nothing else feeds the toast. */
    async recentPaid() {
      const rows = await repo.recentPaid(20);
      return rows.map((row) => ({
        username: maskName(row.username),
        amount: formatAmount(row.amount),
        time: row.settledAt ? epochSeconds(row.settledAt) : 0,
      }));
    },

    async adStatus(userId: number): Promise<AdStatus> {
      const now = clock.now();
      const day = dayOf(now, timeZone);
      const base = {
        video_url: deps.adVideoUrl,
        seconds: rules.adSeconds,
        started_time: null,
        reduced_hours: null,
        next_time: epochSeconds(nextDayStart(now, timeZone)),
      };
      const open = await repo.open(userId);
      const session = await repo.adSession(userId, day);
      if (session?.completedAt) return { ...base, state: 'reduced', reduced_hours: session.reducedHours };
      if (!shortenable(open, now)) return { ...base, state: 'no_withdrawal' };
      if (session) return { ...base, state: 'playing', started_time: epochSeconds(session.openedAt) };
      return { ...base, state: 'ready', next_time: epochSeconds(now) };
    },

    /** Opens today's ad session; its clock is the server's. */
    async startAd(userId: number): Promise<Result<{ started_time: number }, AdError>> {
      const now = clock.now();
      const day = dayOf(now, timeZone);
      const open = await repo.open(userId);
      if (!shortenable(open, now)) return fail('ads.no_withdrawal');
      if ((await repo.adSession(userId, day))?.completedAt) return fail('ads.already_today');
      await repo.openAdSession(userId, open.id, day, now);
      return ok({ started_time: epochSeconds(now) });
    },

    /**
     * Accepts the ad only after its full length since it opened; the server picks the reduction.
     * Runs in the caller's idempotent transaction, which holds the user's row lock (`runIdempotent`).
     */
    async completeAd(
      tx: Db,
      userId: number,
    ): Promise<Result<WithdrawStatus & { reduced_today: number }, AdError>> {
      const now = clock.now();
      const session = await adSessionToComplete(tx, userId, now);
      if (!session) return fail('ads.not_started');
      if (session.completedAt) return fail('ads.already_today');
      if (now.getTime() - session.openedAt.getTime() < rules.adSeconds * 1000) return fail('ads.too_early');
      const open = await createWithdrawRepository(tx).open(userId);
      if (!shortenable(open, now)) return fail('ads.no_withdrawal');
      // The server's pick, but never more than the wait had left: what is recorded is what it removed.
      const left = Math.ceil((endTimeOf(open) - now.getTime()) / 3_600_000);
      const hours = Math.min(
        left,
        adReductionHours(rules.adReductionMinHours, rules.adReductionMaxHours, random()),
      );
      await createWithdrawRepository(tx).completeAdSession(session.id, open.id, hours, now);
      const updated = { ...open, reducedHours: open.reducedHours + hours };
      return ok({ ...statusOf(updated), reduced_today: hours });
    },
  };

  /**
   * Today's ad session; or, when there is none, one opened before midnight that ran past it and was
   * not completed yet (within an hour after its end): the user watched it whole, on the day it
   * opened, and it counts for that day.
   */
  async function adSessionToComplete(tx: Db, userId: number, now: Date) {
    const sessions = createWithdrawRepository(tx);
    const today = await sessions.adSession(userId, dayOf(now, timeZone));
    if (today) return today;
    const yesterday = dayOf(new Date(dayStart(now, timeZone).getTime() - 1), timeZone);
    const late = await sessions.adSession(userId, yesterday);
    const tooLate = (late?.openedAt.getTime() ?? 0) + rules.adSeconds * 1000 + AD_COMPLETION_GRACE_MS;
    return late && !late.completedAt && now.getTime() <= tooLate ? late : null;
  }

  function statusOf(row: WithdrawalRow): WithdrawStatus {
    return {
      status: 1,
      create_time: epochSeconds(row.createdAt),
      end_time: Math.floor(endTimeOf(row) / 1000),
      reduced_hours: row.reducedHours,
      amount: formatAmount(row.amount),
    };
  }
}

export type WithdrawService = ReturnType<typeof createWithdrawService>;
