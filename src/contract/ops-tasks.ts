import { z } from 'zod';
import { LOCALES } from '#domain/i18n/locales.ts';
import { TASK_TEXT_MAX, TASK_TITLE_MAX } from '#domain/tasks/task-texts.ts';
import { TASK_TYPES } from '#domain/tasks/task-rules.ts';
import { DecimalSchema, EpochSecondsSchema, successSchema } from './envelope.ts';
import { ReasonSchema } from './ops.ts';
import { TaskIdSchema } from './tasks.ts';

/**
 * The console's task catalog (docs/operators.md#tasks): create, edit, switch on or off and order the
 * tasks. Editing a task's terms or words makes a new version; a day a user already accepted keeps the
 * versions it was accepted with.
 */
export const OPS_TASKS_API = {
  list: '/api/ops/tasks',
  create: '/api/ops/tasks/create',
  edit: '/api/ops/tasks/edit',
  enable: '/api/ops/tasks/enable',
  disable: '/api/ops/tasks/disable',
  reorder: '/api/ops/tasks/reorder',
} as const;

export const TaskWordsSchema = z.object({
  title: z.string().trim().max(TASK_TITLE_MAX),
  text: z.string().trim().max(TASK_TEXT_MAX),
});

/** Words per language; a language left out (or left empty) is reported missing, not refused here. */
export const TaskTextsSchema = z.partialRecord(z.enum(LOCALES), TaskWordsSchema);

/** What an operator types for a task: its terms (reward, time, target) and its words. */
export const TaskDraftSchema = z.object({
  type: z.enum(TASK_TYPES),
  /** XRP as a decimal string; a whole number of drops. */
  reward: DecimalSchema.check(z.maxLength(20)),
  required_seconds: z.coerce.number().int().min(0).max(86_400),
  target_url: z
    .url({ protocol: /^https$/ })
    .max(2000)
    .nullable(),
  texts: TaskTextsSchema,
  reason: ReasonSchema.default(''),
});
export type TaskDraft = z.infer<typeof TaskDraftSchema>;

export const TaskEditBodySchema = TaskDraftSchema.extend({ id: TaskIdSchema });
export const TaskIdReasonBodySchema = z.object({
  id: TaskIdSchema,
  reason: ReasonSchema.default(''),
});
/** The whole catalog's new order, first task first. */
export const TaskReorderBodySchema = z.object({
  ids: z.array(TaskIdSchema).min(1).max(500),
  reason: ReasonSchema.default(''),
});

export const ConsoleTaskSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** When this version was written. */
  version_time: EpochSecondsSchema,
  enabled: z.boolean(),
  sort: z.number().int(),
  type: z.enum(TASK_TYPES),
  reward: DecimalSchema,
  required_seconds: z.number().int(),
  target_url: z.string().nullable(),
  texts: TaskTextsSchema,
  /** Survey questions are kept as they are: the console does not edit them. */
  questions: z.number().int(),
  /** Languages without words: the task cannot be switched on until this is empty. */
  missing: z.array(z.enum(LOCALES)),
});
export type ConsoleTask = z.infer<typeof ConsoleTaskSchema>;

export const ConsoleTaskListResponseSchema = successSchema(z.object({ list: z.array(ConsoleTaskSchema) }));
export const ConsoleTaskResponseSchema = successSchema(ConsoleTaskSchema);
