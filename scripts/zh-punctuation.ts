// `npm run check` step: Chinese text uses full-width punctuation (，。：；！？（）) where Chinese
// surrounds it, no half-width mark beside a Chinese character, no "..." for "…", and no space after a
// full-width mark (a stray space after "。" shows as a gap in the middle of a line). Checks the zh-CN
// catalog and the zh-CN demo task texts; tests/e2e/right-to-left.spec.ts checks the rendered screens
// with the same rules, since sentences joined in JSX never pass through a catalog.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parsePoFile } from '@lingui/format-po';

const HAN = /[\p{Script=Han}]/u;
const HALF_TO_FULL: Record<string, string> = {
  ',': '，',
  '.': '。',
  ':': '：',
  ';': '；',
  '!': '！',
  '?': '？',
  '(': '（',
  ')': '）',
};
const FULL_WIDTH = '，。：；！？（）、';

/**
 * The punctuation problems of a Chinese text, each with a few characters of context; empty when it
 * has none. A half-width mark counts as Chinese punctuation when a Chinese character stands right
 * before or after it (spaces aside), and a parenthesis when it encloses Chinese: "完成.", "(你有 X)" are
 * problems, "0.5", "a.m." and "XRP (7)" are not.
 */
export function punctuationProblems(text: string): string[] {
  const problems: string[] = [];
  const around = (at: number) => text.slice(Math.max(0, at - 6), at + 7);
  for (let at = 0; at < text.length; at++) {
    const mark = text[at] ?? '';
    if (mark in HALF_TO_FULL) {
      const before = text.slice(0, at).trimEnd().at(-1) ?? '';
      const after = text.slice(at + 1).trimStart()[0] ?? '';
      // A parenthesis is Chinese when what it encloses is.
      const chinese =
        mark === '(' || mark === ')' ? HAN.test(enclosed(text, at)) : HAN.test(before) || HAN.test(after);
      if (chinese && !(mark === '.' && text.slice(at, at + 3) === '...')) {
        problems.push(`half-width "${mark}" in Chinese text, use "${HALF_TO_FULL[mark]}": ${around(at)}`);
      }
    }
    if (text.startsWith('...', at) && HAN.test(text.slice(0, at).trimEnd().at(-1) ?? '')) {
      problems.push(`"..." after Chinese text, use "…": ${around(at)}`);
      at += 2;
    }
    if (FULL_WIDTH.includes(mark) && /^[ \u00a0\u3000]/.test(text.slice(at + 1))) {
      problems.push(`space after full-width "${mark}": ${around(at)}`);
    }
    if (FULL_WIDTH.includes(mark) && mark !== '（' && /[ \u00a0\u3000]$/.test(text.slice(0, at))) {
      problems.push(`space before full-width "${mark}": ${around(at)}`);
    }
  }
  return problems;
}

/** What the parenthesis at `at` encloses (to its pair, or to the end of the text without one). */
function enclosed(text: string, at: number): string {
  if (text[at] === '(') {
    const close = text.indexOf(')', at);
    return text.slice(at + 1, close === -1 ? undefined : close);
  }
  return text.slice(text.lastIndexOf('(', at) + 1, at);
}

/**
 * The text of an ICU message as readers see it: a placeholder ("{amount}") stands for a value, which
 * is not Chinese; markup tags ("<0>") and plural syntax are not text.
 */
export function messageText(message: string): string {
  // Each branch of a plural is a text of its own: they are put on lines of their own.
  const branch = String.raw`(?:=\d+|zero|one|two|few|many|other|\w+)\s*\{`;
  return message
    .replace(/<\/?\d+\/?>/g, '')
    .replace(/\{\s*\w+\s*,\s*(?:plural|select|selectordinal)\s*,\s*/g, '\n')
    .replace(new RegExp(String.raw`\}\s*${branch}`, 'g'), '\n')
    .replace(new RegExp(String.raw`^\n${branch}|\n${branch}`, 'g'), '\n')
    .replace(/\{\s*\w+\s*\}/g, 'X')
    .replace(/[{}]/g, '');
}

/** Every string of a parsed JSON document, with where it is. */
function stringsOf(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringsOf(item, `${path}.${key}`));
  }
  return [];
}

function main() {
  const found: string[] = [];
  for (const catalog of ['locales/zh-CN/first-screen.po', 'locales/zh-CN/messages.po']) {
    for (const item of parsePoFile(readFileSync(catalog, 'utf8')).items) {
      for (const translation of item.msgstr) {
        for (const problem of punctuationProblems(messageText(translation)))
          found.push(`${catalog}: "${item.msgid}": ${problem}`);
      }
    }
  }
  const tasks = 'src/server/features/tasks/demo-catalog/zh-CN.json';
  for (const [where, text] of stringsOf(JSON.parse(readFileSync(tasks, 'utf8')), '')) {
    for (const problem of punctuationProblems(text)) found.push(`${tasks} ${where}: ${problem}`);
  }
  for (const line of found) console.error(line);
  if (found.length > 0) {
    console.error(`zh-punctuation: ${found.length} problem(s)`);
    process.exit(1);
  }
  console.log('zh-punctuation: the Chinese texts use full-width punctuation');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
