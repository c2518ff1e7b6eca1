import { and, eq, exists, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import { dayOf } from '#domain/time/day.ts';
import { withdrawalEndTime } from '#domain/withdraw/waiting.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { adSessions, pushSettings, pushTokens, withdrawals } from '#server/db/schema.ts';
import { adAvailableNotice, tasksResetNotice } from './notices.ts';
import type { PushSender } from './push-sender.ts';
import { pushRepository } from './push.repository.ts';

export interface ScheduleDeps {
  db: Db;
  clock: Clock;
  rules: ProductRules;
  timeZone: string;
  sender: PushSender;
}

const hasToken = (db: Db, userId: typeof withdrawals.userId | typeof pushSettings.userId) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(pushTokens)
      .where(eq(pushTokens.userId, userId)),
  );

/**
 * Users told today that the daily ad can be watched again: a withdrawal is waiting, the wait is not
 * over (the ad could still shorten it), and today's ad has not been watched yet.
 */
async function adAvailableTo(db: Db, now: Date, day: string, rules: ProductRules): Promise<number[]> {
  const waiting = await db
    .select({
      userId: withdrawals.userId,
      createdAt: withdrawals.createdAt,
      reducedHours: withdrawals.reducedHours,
    })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'processing'), hasToken(db, withdrawals.userId)));
  const watched = new Set(
    (
      await db
        .select({ userId: adSessions.userId })
        .from(adSessions)
        .where(and(eq(adSessions.day, day), isNotNull(adSessions.completedAt)))
    ).map((row) => row.userId),
  );
  return waiting
    .filter(
      (row) =>
        withdrawalEndTime(row.createdAt.getTime(), rules.waitingDays, row.reducedHours) > now.getTime(),
    )
    .filter((row) => !watched.has(row.userId))
    .map((row) => row.userId);
}

/** Users who asked to be told when a new day's tasks are there (off by default). */
async function tasksResetTo(db: Db): Promise<number[]> {
  const rows = await db
    .select({ userId: pushSettings.userId })
    .from(pushSettings)
    .where(
      and(eq(pushSettings.topic, 'tasks'), eq(pushSettings.enabled, true), hasToken(db, pushSettings.userId)),
    );
  return rows.map((row) => row.userId);
}

/**
 * One pass of the day's scheduled pushes. Each (user, kind, day) is claimed in the database before it
 * is sent, so several processes or a restart never send one twice; a user who turned the kind off is
 * skipped by the sender.
 */
export async function sendScheduledPushes({ db, clock, rules, timeZone, sender }: ScheduleDeps) {
  const now = clock.now();
  const day = dayOf(now, timeZone);
  const sent = { ad_available: 0, tasks_reset: 0 };
  const plan = [
    {
      kind: 'ad_available' as const,
      users: await adAvailableTo(db, now, day, rules),
      notice: adAvailableNotice(day),
    },
    { kind: 'tasks_reset' as const, users: await tasksResetTo(db), notice: tasksResetNotice(day) },
  ];
  for (const { kind, users, notice } of plan) {
    for (const userId of users) {
      if (!(await pushRepository.claimScheduled(db, userId, kind, day, now))) continue;
      const result = await sender.sendToUser(userId, notice);
      sent[kind] += result.sent;
    }
  }
  return sent;
}

/** Runs the scheduled pushes every interval, one pass at a time. */
export function startPushSchedule(deps: ScheduleDeps & { intervalMs: number; log: FastifyBaseLogger }) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= sendScheduledPushes(deps)
      .then((sent) => {
        if (sent.ad_available || sent.tasks_reset) deps.log.info(sent, 'scheduled pushes');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'scheduled pushes failed'))
      .finally(() => (running = null));
  }, deps.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
