import { readFileSync } from 'node:fs';
import {
  CATALOG_LOCALES,
  CatalogTasksSchema,
  CatalogTextsSchema,
  type CatalogTaskText,
} from '#contract/task-catalog.ts';
import type { TaskType } from '#domain/tasks/task-rules.ts';

/** A catalog task as the tasks table stores it: its rules, and its words in every locale. */
export interface CatalogTask {
  type: TaskType;
  /** Whole XRP as a decimal string. */
  reward: string;
  requiredSeconds: number;
  targetUrl: string | null;
  content: TaskContent;
  enabled: boolean;
}

export interface SurveyQuestion {
  id: string;
  text: Record<string, string>;
  options: { id: string; text: Record<string, string> }[];
}

export interface TaskContent {
  /** Title and text per locale; English is the fallback. */
  text: Record<string, { title: string; text: string }>;
  questions?: SurveyQuestion[];
}

const DEMO_CATALOG = new URL('./demo-catalog/', import.meta.url);

const readJson = (folder: URL, name: string): unknown =>
  JSON.parse(readFileSync(new URL(name, folder), 'utf8'));

/** The words of `key` in `locale`, or a start-stopping error naming what is missing. */
function wordsOf(texts: Map<string, Record<string, CatalogTaskText>>, locale: string, key: string) {
  const words = texts.get(locale)?.[key];
  if (!words) throw new Error(`task catalog: ${locale}.json has no words for task "${key}"`);
  return words;
}

/**
 * Reads a catalog folder (`tasks.json` and one `<locale>.json` per shipped locale), checked against
 * the contract's schemas and for completeness: a task, question or option without words in some
 * locale stops the start instead of showing an empty line to someone.
 */
export function loadCatalog(folder: URL, requiredSeconds: number | null = null): CatalogTask[] {
  const tasks = CatalogTasksSchema.parse(readJson(folder, 'tasks.json'));
  const texts = new Map(
    CATALOG_LOCALES.map((locale) => [locale, CatalogTextsSchema.parse(readJson(folder, `${locale}.json`))]),
  );
  const byLocale = <T>(read: (words: CatalogTaskText, locale: string) => T, key: string) =>
    Object.fromEntries(CATALOG_LOCALES.map((locale) => [locale, read(wordsOf(texts, locale, key), locale)]));
  const questionWords = (words: CatalogTaskText, locale: string, key: string, id: string) => {
    const question = words.questions?.[id];
    if (!question) throw new Error(`task catalog: ${locale}.json has no words for question "${key}/${id}"`);
    return question;
  };
  return tasks.map((task) => {
    const questions = task.questions?.map((question) => ({
      id: question.id,
      text: byLocale((words, locale) => questionWords(words, locale, task.key, question.id).text, task.key),
      options: question.options.map((option) => ({
        id: option,
        text: byLocale((words, locale) => {
          const text = questionWords(words, locale, task.key, question.id).options[option];
          if (!text)
            throw new Error(
              `task catalog: ${locale}.json has no words for "${task.key}/${question.id}/${option}"`,
            );
          return text;
        }, task.key),
      })),
    }));
    return {
      type: task.type,
      reward: task.reward,
      requiredSeconds: requiredSeconds ?? task.requiredSeconds,
      targetUrl: task.targetUrl,
      enabled: task.enabled,
      content: {
        text: byLocale(({ title, text }) => ({ title, text }), task.key),
        ...(questions ? { questions } : {}),
      },
    };
  });
}

/**
 * The demo catalog loaded on first start (`demo-catalog/`): ten tasks of 2 XRP, so the day's ten pay
 * exactly the 20 XRP cap. Targets are pages that need no account. The notification task (it completes
 * only when a test push reached the device and was acknowledged) is in the catalog but off: browsers
 * without push (in-app browsers, iOS outside the installed app) could never do it, and the daily
 * interest needs all of the day's tasks, so switching it on is the operator's informed choice
 * (`npm run ops -- tasks enable <id>` and `tasks sort <id> 0`). `requiredSeconds` replaces every
 * task's own time (tests and demos).
 */
export function demoCatalog(requiredSeconds: number | null): CatalogTask[] {
  return loadCatalog(DEMO_CATALOG, requiredSeconds);
}
