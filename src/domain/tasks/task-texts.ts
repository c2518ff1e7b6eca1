import { LOCALES, type Locale } from '../i18n/locales.ts';

/** A task's words in one language, as the operator typed them. */
export interface TaskWords {
  title: string;
  text: string;
}

/** The longest title and text the console accepts: a task is read on a phone. */
export const TASK_TITLE_MAX = 120;
export const TASK_TEXT_MAX = 2000;

/**
 * The languages a task has no words in (a title or a text that is empty once trimmed). A task is
 * offered to everyone, whatever their language, so it may be switched on only when this is empty.
 */
export function missingLocales(texts: Partial<Record<string, TaskWords>>): Locale[] {
  return LOCALES.filter((locale) => {
    const words = texts[locale];
    return !words || words.title.trim() === '' || words.text.trim() === '';
  });
}
