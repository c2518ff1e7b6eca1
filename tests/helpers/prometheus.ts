/** One sample's labels as Prometheus writes them: name="value", in any order. */
function labelsOf(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const match of text.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
    if (match[1] !== undefined) labels[match[1]] = (match[2] ?? '').replace(/\\(.)/g, '$1');
  }
  return labels;
}

/**
 * The value of the sample `name` whose labels include `labels` in Prometheus's text format, summed
 * when several match (e.g. every status of a route); null when none does.
 */
export function sample(text: string, name: string, labels: Record<string, string>): number | null {
  let total: number | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = labelsOf(match[2] ?? '');
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) {
      total = (total ?? 0) + Number(match[3]);
    }
  }
  return total;
}
