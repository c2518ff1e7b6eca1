// `npm run check` step: no comment, doc or test may point at a document that is not in this
// repository (a product spec's sections, numbered rules, design notes kept elsewhere, issue numbers),
// and every repository file or docs heading a comment names must exist. The rules the code relies on
// are written down in docs/product-rules.md; point there instead.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const CHECKED = /\.(?:ts|tsx|js|mjs|cjs|css|html|md|sh)$|(?:^|\/)run$/;
const SKIPPED = new Set(['scripts/outside-docs.ts', 'src/app/routeTree.gen.ts']);

/** What a reference to an outside document looks like, with the reason shown for each. */
const OUTSIDE: [RegExp, string][] = [
  [/(?<!RFC \d+ )§/, 'a section sign points at a document section'],
  [/\bseed[-\s]spec\b/i, 'the product spec is not in the repository'],
  [/\bthe seed\b|\bseed's\b|(?<!\w)\(seed(?:[:)]| §| spec)/i, 'the product spec is not in the repository'],
  [
    /\bseed (?:messages?|envelope|validation|password|defaults|values|constants|style|fields)\b/i,
    'the product spec is not in the repository',
  ],
  [/\b(?:DESIGN|CONVENTIONS|TOOLCHAIN)\.md\b/, 'design notes kept outside the repository'],
  [/\/work\/|\.\.\/shared\b/, 'a path outside the repository'],
  [/(?<![\w-])H(?:10|[1-9])(?![\w-])/, 'a numbered honesty rule: link docs/product-rules.md by heading'],
  [/\bissues? (?:#?\d+|text)\b/i, 'an issue tracker entry: say the rule itself'],
];

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => CHECKED.test(file) && !SKIPPED.has(file));

/** A path into this repository as comments write it: `src/app/lib/http.ts`, `docs/x.md#heading`. */
const REPO_PATH =
  /(?<![\w./:-])(?:src|sw|tests|docs|scripts|bench)\/[\w./-]*\.(?:tsx|ts|md|css|json)(?!\w|\.\w)(?:#[\w-]+)?/g;

/** GitHub's anchor for a Markdown heading. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s/g, '-');

const anchors = new Map<string, Set<string>>();
function headingsOf(file: string): Set<string> {
  let found = anchors.get(file);
  if (!found) {
    const headings = readFileSync(file, 'utf8').match(/^#+ .*$/gm) ?? [];
    found = new Set(headings.map((line) => anchorOf(line.replace(/^#+ /, ''))));
    anchors.set(file, found);
  }
  return found;
}

function deadLink(reference: string): string | null {
  const [path = '', anchor] = reference.split('#');
  if (!existsSync(path)) return `names ${path}, which does not exist`;
  if (anchor && path.endsWith('.md') && !headingsOf(path).has(anchor))
    return `names ${reference}, but ${path} has no such heading`;
  return null;
}

const problems: string[] = [];
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  text.split('\n').forEach((line, index) => {
    const outside = OUTSIDE.find(([pattern]) => pattern.test(line));
    if (outside) problems.push(`${file}:${index + 1}: ${outside[1]}\n    ${line.trim()}`);
    for (const [reference] of line.matchAll(REPO_PATH)) {
      const dead = deadLink(reference);
      if (dead) problems.push(`${file}:${index + 1}: ${dead}`);
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} problem(s): references to documents outside the repository or to missing files (see docs/product-rules.md)`,
  );
  process.exit(1);
}
console.log(`outside-docs: ${files.length} files, no reference to a document outside the repository`);
