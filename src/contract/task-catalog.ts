import { z } from 'zod/mini';
import { LOCALES } from '#domain/i18n/locales.ts';
import { TASK_TYPES } from '#domain/tasks/task-rules.ts';
import { DecimalSchema } from './envelope.ts';

/**
 * A task catalog as data: the tasks (what they pay, how long they take, where they lead) in one file,
 * and their words in one file per locale. The server checks both against these schemas when it loads
 * them, so a catalog with a missing translation, an unknown task or a survey option without words
 * never reaches a user.
 */
export const CatalogTaskSchema = z.object({
  /** Names the task in the locale files. */
  key: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  type: z.enum(TASK_TYPES),
  /** Whole XRP as a decimal string. */
  reward: DecimalSchema,
  requiredSeconds: z.number().check(z.int(), z.nonnegative()),
  targetUrl: z.nullable(z.url({ protocol: /^https$/ })),
  enabled: z.boolean(),
  /** A survey's questions and their options, by id (the words are in the locale files). */
  questions: z.optional(
    z.array(z.object({ id: z.string(), options: z.array(z.string()).check(z.minLength(2)) })),
  ),
});
export type CatalogTask = z.infer<typeof CatalogTaskSchema>;

export const CatalogTasksSchema = z.array(CatalogTaskSchema).check(z.minLength(1));

export const CatalogTaskTextSchema = z.object({
  title: z.string().check(z.minLength(1)),
  text: z.string().check(z.minLength(1)),
  questions: z.optional(
    z.record(
      z.string(),
      z.object({
        text: z.string().check(z.minLength(1)),
        options: z.record(z.string(), z.string().check(z.minLength(1))),
      }),
    ),
  ),
});
export type CatalogTaskText = z.infer<typeof CatalogTaskTextSchema>;

/** One locale's words for every task, by task key. */
export const CatalogTextsSchema = z.record(z.string(), CatalogTaskTextSchema);

/** The locales a catalog must have words in: every shipped one. */
export const CATALOG_LOCALES = LOCALES;
