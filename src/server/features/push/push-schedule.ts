import type { FastifyBaseLogger } from 'fastify';
import type { ProductRules } from '#domain/rules/product-rules.ts';
import { addDays, dayOf } from '#domain/time/day.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { inPool } from '#server/lib/concurrency.ts';
import { ledger } from '#server/ledger/ledger.ts';
import { IDEMPOTENCY_KEPT_DAYS, pruneIdempotencyKeys } from '#server/lib/idempotency.ts';
import { usersTheAdStillHelps } from '#server/features/withdraw/withdraw.service.ts';
import { adAvailableNotice, tasksResetNotice } from './notices.ts';
import { PUSH_CONCURRENCY, type PushSender } from './push-sender.ts';
import { createPushRepository } from './push.repository.ts';

export interface ScheduleDeps {
  db: Db;
  clock: Clock;
  rules: ProductRules;
  timeZone: string;
  sender: PushSender;
  /** Asked before each user: a shutdown stops the pass there (the users not reached get theirs on the next). */
  stopping?: () => boolean;
}

/**
 * One pass of the day's scheduled pushes. Each (user, kind, day) is claimed in the database before it
 * is sent, so several processes or a restart never send one twice; a user who turned the kind off is
 * skipped by the sender. Users are served PUSH_CONCURRENCY at a time. The pass, the server's only
 * periodic one in every process, also does the database's housekeeping first.
 */
export async function sendScheduledPushes({ db, clock, rules, timeZone, sender, stopping }: ScheduleDeps) {
  const now = clock.now();
  const day = dayOf(now, timeZone);
  const sent = { ad_available: 0, tasks_reset: 0 };
  const repo = createPushRepository(db);
  // Yesterday's claims stay for a pass that began before midnight; older ones only fill the table.
  await repo.pruneScheduled(addDays(day, -1));
  // This pass is the server's periodic one: it also forgets the money requests' old idempotency keys
  // (why they are kept that long: IDEMPOTENCY_KEPT_DAYS).
  await pruneIdempotencyKeys(db, new Date(now.getTime() - IDEMPOTENCY_KEPT_DAYS * 86_400_000));
  // And folds what the ledger's inserts added to its counts by kind (`ledger.compactCounts`).
  await ledger.compactCounts(db);
  const plan = [
    {
      kind: 'ad_available' as const,
      users: await usersTheAdStillHelps(db, now, day, rules),
      notice: adAvailableNotice(day),
    },
    {
      kind: 'tasks_reset' as const,
      users: await repo.subscribersOf('tasks'),
      notice: tasksResetNotice(day),
    },
  ];
  for (const { kind, users, notice } of plan) {
    const reachable = await repo.unsentWithTokens(users, kind, day);
    await inPool(
      users.filter((id) => reachable.has(id)),
      PUSH_CONCURRENCY,
      async (userId) => {
        if (stopping?.()) return;
        if (!(await repo.claimScheduled(userId, kind, day, now))) return;
        const result = await sender.sendToUser(userId, notice);
        sent[kind] += result.sent;
      },
    );
  }
  return sent;
}

/** Runs the scheduled pushes every interval, one pass at a time. */
export function startPushSchedule(deps: ScheduleDeps & { intervalMs: number; log: FastifyBaseLogger }) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    running ??= sendScheduledPushes({ ...deps, stopping: () => stopped })
      .then((sent) => {
        if (sent.ad_available || sent.tasks_reset) deps.log.info(sent, 'scheduled pushes');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'scheduled pushes failed'))
      .finally(() => (running = null));
  }, deps.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
