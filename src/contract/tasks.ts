import { z } from 'zod/mini';
import { TASK_TYPES } from '#domain/tasks/task-rules.ts';
import { DecimalSchema, EpochSecondsSchema, successSchema, wireInt } from './envelope.ts';

export const TaskStatusSchema = z.enum(['new', 'started', 'completed', 'failed']);

export const SurveyQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});

export const TaskSchema = z.object({
  id: z.number().check(z.int()),
  type: z.enum(TASK_TYPES),
  title: z.string(),
  text: z.string(),
  /** Exactly what completing it credits (docs/product-rules.md#shown-equals-credited). */
  reward: DecimalSchema,
  required_seconds: z.number().check(z.int(), z.nonnegative()),
  target_url: z.nullable(z.string()),
  questions: z.array(SurveyQuestionSchema),
  status: TaskStatusSchema,
  started_time: z.nullable(EpochSecondsSchema),
});
export type Task = z.infer<typeof TaskSchema>;

export const TaskListSchema = z.object({
  day: z.string(),
  accepted: z.boolean(),
  /** When the day's tasks reset (the next midnight in the configured time zone). */
  next_reset_time: EpochSecondsSchema,
  server_time: EpochSecondsSchema,
  tasks: z.array(TaskSchema),
  completed: z.number().check(z.int(), z.nonnegative()),
  earned: DecimalSchema,
  tasks_per_day: z.number().check(z.int(), z.positive()),
  daily_cap: DecimalSchema,
});
export type TaskList = z.infer<typeof TaskListSchema>;
export const TaskListResponseSchema = successSchema(TaskListSchema);

/**
 * A task's id: a PostgreSQL `serial`, so at most 2^31 − 1; a larger number names no task and must be
 * refused at the edge, not reach the database as an out-of-range value.
 */
export const TaskIdSchema = wireInt(z.positive(), z.maximum(2_147_483_647));

export const TaskIdBodySchema = z.object({ task_id: TaskIdSchema });

export const CompleteTaskBodySchema = z.extend(TaskIdBodySchema, {
  /** Survey answers: question id → option id. */
  answers: z.optional(z.record(z.string().check(z.maxLength(50)), z.string().check(z.maxLength(50)))),
  /**
   * The day of the run it completes, as the task list named it: a completion kept offline past
   * midnight counts for that day (docs/product-rules.md#sync-rule), even when the task was started
   * again on the new day. Without it, today's run, or else the latest one still open.
   */
  day: z.optional(z.iso.date()),
});

export const StartTaskResponseSchema = successSchema(
  z.object({
    task_id: z.number().check(z.int()),
    started_time: EpochSecondsSchema,
    server_time: EpochSecondsSchema,
  }),
);

export const CompleteTaskResponseSchema = successSchema(
  z.object({
    task_id: z.number().check(z.int()),
    reward: DecimalSchema,
    balance: DecimalSchema,
    completed: z.number().check(z.int()),
    earned: DecimalSchema,
  }),
);

export const TaskHistoryResponseSchema = successSchema(
  z.object({
    /** The last 7 days, oldest first; weekday 0 = Sunday. */
    days: z.array(
      z.object({
        day: z.string(),
        weekday: z.number().check(z.int(), z.minimum(0), z.maximum(6)),
        count: z.number().check(z.int()),
      }),
    ),
  }),
);
