import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES } from '#domain/i18n/locales.ts';
import { demoCatalog, loadCatalog } from '#server/features/tasks/demo-catalog.ts';

const DEMO = new URL('../../src/server/features/tasks/demo-catalog/', import.meta.url);
const folders: string[] = [];

/** A copy of the demo catalog to break. */
function copy(): { folder: URL; path: (name: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'earnest-catalog-'));
  folders.push(dir);
  cpSync(DEMO, dir, { recursive: true });
  return { folder: pathToFileURL(`${dir}/`), path: (name) => join(dir, name) };
}

const edit = (path: string, change: (data: never) => unknown) =>
  writeFileSync(path, JSON.stringify(change(JSON.parse(readFileSync(path, 'utf8')) as never)));

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the task catalog as data', () => {
  it('loads the demo catalog with words in every shipped locale, ten 2 XRP tasks on and one off', () => {
    const tasks = demoCatalog(null);
    expect(tasks.filter((task) => task.enabled)).toHaveLength(10);
    expect(new Set(tasks.map((task) => task.reward))).toEqual(new Set(['2']));
    for (const task of tasks) expect(Object.keys(task.content.text).sort()).toEqual([...LOCALES].sort());
    const survey = tasks.find((task) => task.type === 'survey');
    expect(survey?.content.questions?.[0]?.options[0]?.text['ar']).toBeTruthy();
    expect(demoCatalog(7).every((task) => task.requiredSeconds === 7)).toBe(true);
  });

  it('refuses a locale without the words of a task', () => {
    const { folder, path } = copy();
    edit(path('fr.json'), (texts: Record<string, unknown>) => {
      const [first] = Object.keys(texts);
      if (first) delete texts[first];
      return texts;
    });
    expect(() => loadCatalog(folder)).toThrow(/fr\.json has no words for task/);
  });

  it('refuses a survey option without words, and a reward that is not an exact decimal', () => {
    const broken = copy();
    edit(
      broken.path('uk.json'),
      (texts: Record<string, { questions?: Record<string, { options: object }> }>) => {
        const question = Object.values(texts).find((task) => task.questions)?.questions;
        const [id] = Object.keys(question ?? {});
        if (question && id) question[id] = { ...question[id], options: {} } as never;
        return texts;
      },
    );
    expect(() => loadCatalog(broken.folder)).toThrow(/uk\.json has no words for/);

    const float = copy();
    edit(float.path('tasks.json'), (tasks: { reward: unknown }[]) =>
      tasks.map((task, i) => (i === 0 ? { ...task, reward: 2.5e-1 } : task)),
    );
    expect(() => loadCatalog(float.folder)).toThrow();
  });
});
