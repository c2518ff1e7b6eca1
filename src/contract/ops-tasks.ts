import { z } from 'zod/mini';
import { LOCALES } from '#domain/i18n/locales.ts';
import { TASK_TEXT_MAX, TASK_TITLE_MAX } from '#domain/tasks/task-texts.ts';
import { TASK_TYPES } from '#domain/tasks/task-rules.ts';
import { DecimalSchema, EpochSecondsSchema, successSchema, wireInt } from './envelope.ts';
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
  title: z.string().check(z.trim(), z.maxLength(TASK_TITLE_MAX)),
  text: z.string().check(z.trim(), z.maxLength(TASK_TEXT_MAX)),
});

/** Words per language; a language left out (or left empty) is reported missing, not refused here. */
export const TaskTextsSchema = z.partialRecord(z.enum(LOCALES), TaskWordsSchema);

/** What an operator types for a task: its terms (reward, time, target) and its words. */
export const TaskDraftSchema = z.object({
  type: z.enum(TASK_TYPES),
  /** XRP as a decimal string; a whole number of drops. */
  reward: DecimalSchema.check(z.maxLength(20)),
  required_seconds: wireInt(z.minimum(0), z.maximum(86_400)),
  target_url: z.nullable(z.url({ protocol: /^https$/ }).check(z.maxLength(2000))),
  texts: TaskTextsSchema,
  reason: z._default(ReasonSchema, ''),
});
export type TaskDraft = z.infer<typeof TaskDraftSchema>;

export const TaskEditBodySchema = z.extend(TaskDraftSchema, { id: TaskIdSchema });
export const TaskIdReasonBodySchema = z.object({
  id: TaskIdSchema,
  reason: z._default(ReasonSchema, ''),
});
/** The whole catalog's new order, first task first. */
export const TaskReorderBodySchema = z.object({
  ids: z.array(TaskIdSchema).check(z.minLength(1), z.maxLength(500)),
  reason: z._default(ReasonSchema, ''),
});

export const ConsoleTaskSchema = z.object({
  id: z.number().check(z.int()),
  version: z.number().check(z.int()),
  /** When this version was written. */
  version_time: EpochSecondsSchema,
  enabled: z.boolean(),
  sort: z.number().check(z.int()),
  type: z.enum(TASK_TYPES),
  reward: DecimalSchema,
  required_seconds: z.number().check(z.int()),
  target_url: z.nullable(z.string()),
  texts: TaskTextsSchema,
  /** Survey questions are kept as they are: the console does not edit them. */
  questions: z.number().check(z.int()),
  /** Languages without words: the task cannot be switched on until this is empty. */
  missing: z.array(z.enum(LOCALES)),
});
export type ConsoleTask = z.infer<typeof ConsoleTaskSchema>;

export const ConsoleTaskListResponseSchema = successSchema(z.object({ list: z.array(ConsoleTaskSchema) }));
export const ConsoleTaskResponseSchema = successSchema(ConsoleTaskSchema);
