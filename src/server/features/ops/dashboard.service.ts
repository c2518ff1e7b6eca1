import type { Dashboard } from '#contract/ops-dashboard.ts';
import { formatAmount, UNITS_PER_DROP } from '#domain/money/amount.ts';
import { dayOf, dayStart } from '#domain/time/day.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { createPaidWithdrawalsRepository } from '#server/features/withdraw/withdraw.service.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

/** Days the dashboard's chart covers, today included. */
export const DASHBOARD_DAYS = 30;

export interface DashboardDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  /** The ledger, when XRPL is configured on this server; null otherwise. */
  ledger: { balanceOf: (address: string) => Promise<bigint>; address: string | null } | null;
}

/** Wallet ÷ owed with 4 decimal places, rounded down; null when nothing is owed. */
export function reserveRatio(walletUnits: bigint, owedUnits: bigint): string | null {
  if (owedUnits <= 0n) return null;
  const scaled = (walletUnits * 10_000n) / owedUnits;
  return `${scaled / 10_000n}.${(scaled % 10_000n).toString().padStart(4, '0')}`;
}

/**
 * The dashboard, computed when asked: the database's figures since the start of today in the server's
 * day time zone, the last 30 days, and the payout wallet's balance read from the ledger.
 */
export function createDashboardService({ db, clock, timeZone, ledger }: DashboardDeps) {
  return {
    async dashboard(): Promise<Dashboard> {
      const now = clock.now();
      const today = dayStart(now, timeZone);
      const repo = createDashboardRepository(db);
      // Day starts from 29 days ago to today, then the end of today: one bucket per day.
      const bounds: Date[] = [today];
      for (let i = 1; i < DASHBOARD_DAYS; i += 1) {
        const previous = bounds[0] ?? today;
        bounds.unshift(dayStart(new Date(previous.getTime() - 3_600_000), timeZone));
      }
      bounds.push(new Date(Math.max(now.getTime() + 1, today.getTime() + 1)));
      const [users, tasksCompleted, credits, owed, open, sms, pushes, days] = await Promise.all([
        repo.users(today),
        repo.tasksCompletedSince(today),
        repo.creditsByKindSince(today),
        repo.owed(),
        repo.openWithdrawals(),
        repo.smsSince(today),
        repo.pushesSince(today),
        repo.perDay(bounds),
      ]);
      let wallet: Dashboard['wallet'] = null;
      if (ledger) {
        const address = ledger.address ?? (await createPaidWithdrawalsRepository(db).lastPayoutWallet());
        if (address) {
          const balance = await ledger.balanceOf(address).then(
            (drops) => drops * UNITS_PER_DROP,
            () => null,
          );
          wallet = {
            address,
            balance: balance === null ? null : formatAmount(balance),
            reserve_ratio: balance === null ? null : reserveRatio(balance, owed + open.amount),
            unreachable: balance === null,
          };
        }
      }
      return {
        computed_time: epochSeconds(now),
        today: dayOf(now, timeZone),
        time_zone: timeZone,
        users: { total: users.total, active_today: users.activeToday, new_today: users.newToday },
        tasks_completed_today: tasksCompleted,
        credited_today: credits.map((row) => ({
          kind: row.kind,
          amount: formatAmount(row.amount),
          entries: row.entries,
        })),
        owed: formatAmount(owed),
        owed_with_open: formatAmount(owed + open.amount),
        open_withdrawals: {
          count: open.count,
          amount: formatAmount(open.amount),
          oldest_time: open.oldest === null ? null : epochSeconds(open.oldest),
        },
        wallet,
        sms_sent_today: sms,
        pushes_sent_today: pushes,
        days: days.map((day, index) => ({
          day: dayOf(bounds[index] ?? today, timeZone),
          credited: formatAmount(day.credited),
          paid: formatAmount(day.paid),
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
