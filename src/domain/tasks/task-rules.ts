import type { Amount } from '../money/amount.ts';
import type { ProductRules } from '../rules/product-rules.ts';

/** The task types. */
export const TASK_TYPES = ['regular', 'download', 'notification', 'web', 'video', 'survey'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Tasks whose page opens an outside target (a site, a video, an app's store page). */
export function opensTarget(type: TaskType): boolean {
  return type === 'web' || type === 'video' || type === 'download';
}

export type TaskRefusal =
  | 'tasks.too_early'
  | 'tasks.already_completed'
  | 'tasks.daily_limit'
  | 'tasks.daily_cap'
  | 'tasks.not_started';

export interface CompletionCheck {
  /** When the server recorded the start, or null if it never did. */
  startedAt: Date | null;
  completed: boolean;
  now: Date;
  requiredSeconds: number;
  reward: Amount;
  completedToday: number;
  earnedToday: Amount;
}

/**
 * Whether a task may be credited now: started on the server, the required time passed since that
 * start, not yet credited, and within the day's count and earnings cap (never a partial credit:
 * the amount shown is the amount credited, docs/product-rules.md#shown-equals-credited).
 */
export function checkCompletion(check: CompletionCheck, rules: ProductRules): TaskRefusal | null {
  if (check.completed) return 'tasks.already_completed';
  if (!check.startedAt) return 'tasks.not_started';
  if (check.now.getTime() - check.startedAt.getTime() < check.requiredSeconds * 1000)
    return 'tasks.too_early';
  if (check.completedToday >= rules.tasksPerDay) return 'tasks.daily_limit';
  if (check.earnedToday + check.reward > rules.dailyTaskCap) return 'tasks.daily_cap';
  return null;
}

/**
 * Picks the day's tasks from the enabled catalog, in catalog order: at most `tasksPerDay`, and only
 * as many as the daily cap can pay in full.
 */
export function pickDailyTasks<T extends { reward: Amount }>(
  catalog: readonly T[],
  rules: ProductRules,
): T[] {
  const picked: T[] = [];
  let total = 0n;
  for (const task of catalog) {
    if (picked.length >= rules.tasksPerDay) break;
    if (total + task.reward > rules.dailyTaskCap) continue;
    picked.push(task);
    total += task.reward;
  }
  return picked;
}
