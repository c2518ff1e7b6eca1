import { describe, expect, it } from 'vitest';
import { xrp } from '../money/amount.ts';
import { DEFAULT_RULES } from '../rules/product-rules.ts';
import { checkCompletion, pickDailyTasks, type CompletionCheck } from './task-rules.ts';

const base: CompletionCheck = {
  startedAt: new Date('2026-11-21T10:00:00Z'),
  completed: false,
  now: new Date('2026-11-21T10:00:30Z'),
  requiredSeconds: 30,
  reward: xrp(2),
  completedToday: 0,
  earnedToday: 0n,
};

describe('task completion', () => {
  it('is accepted once the required time has passed since the server-recorded start', () => {
    expect(checkCompletion(base, DEFAULT_RULES)).toBeNull();
    expect(checkCompletion({ ...base, now: new Date('2026-11-21T10:00:29.999Z') }, DEFAULT_RULES)).toBe(
      'tasks.too_early',
    );
    expect(checkCompletion({ ...base, startedAt: null }, DEFAULT_RULES)).toBe('tasks.not_started');
  });

  it('never goes past 10 tasks or 20 XRP a day, and never pays part of a reward', () => {
    expect(checkCompletion({ ...base, completedToday: 10 }, DEFAULT_RULES)).toBe('tasks.daily_limit');
    expect(checkCompletion({ ...base, earnedToday: xrp(19) }, DEFAULT_RULES)).toBe('tasks.daily_cap');
    expect(checkCompletion({ ...base, earnedToday: xrp(18) }, DEFAULT_RULES)).toBeNull();
    expect(checkCompletion({ ...base, completed: true }, DEFAULT_RULES)).toBe('tasks.already_completed');
  });

  it('picks the day so that every reward can be paid in full', () => {
    const catalog = [xrp(5), xrp(5), xrp(5), xrp(4), xrp(3), xrp(1)].map((reward, id) => ({ id, reward }));
    const picked = pickDailyTasks(catalog, DEFAULT_RULES);
    expect(picked.map((t) => t.id)).toEqual([0, 1, 2, 3, 5]);
    expect(picked.reduce((sum, t) => sum + t.reward, 0n)).toBeLessThanOrEqual(DEFAULT_RULES.dailyTaskCap);
  });
});
