import type { Locator } from '@playwright/test';

/** How one occurrence of a fragment was painted, against how it paints on its own. */
export interface FragmentReading {
  fragment: string;
  /** Each line the fragment occupies, its characters in the order they were painted, left to right. */
  painted: string[];
  /** The fragment alone, in its own direction (dir=auto) on one line. */
  alone: string;
  /** Characters of other text painted in the middle of the fragment. */
  intruders: string;
  ok: boolean;
}

/**
 * Reads every occurrence of each fragment under `root` as the browser painted it (one Range per
 * character), and compares it with the fragment painted alone in its own direction. A fragment keeps
 * its order when every line of it reads as a piece of the fragment alone and no other text is painted
 * inside it: "+2 XRP" painted as "XRP 2+", or a date with "XRP" painted between its day and its month,
 * both fail. Spaces and zero-width marks are left out (a wrapped line drops its space).
 */
export function readFragments(root: Locator, fragments: readonly string[]): Promise<FragmentReading[]> {
  return root.evaluate((element, wanted) => {
    interface Glyph {
      c: string;
      x: number;
      y: number;
      h: number;
    }
    const range = document.createRange();
    const glyphOf = (node: Text, start: number, end: number): Glyph | null => {
      range.setStart(node, start);
      range.setEnd(node, end);
      const rect = range.getBoundingClientRect();
      const c = node.data.slice(start, end);
      if (rect.width === 0 || rect.height === 0 || /\s/.test(c)) return null;
      return { c, x: rect.left + rect.width / 2, y: rect.top + rect.height / 2, h: rect.height };
    };

    // The logical text under the root, one entry per UTF-16 unit, with where it was painted.
    const units: { glyph: Glyph | null }[] = [];
    let logical = '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      const hidden = parent !== null && parent.getClientRects().length === 0;
      for (let i = 0; i < text.data.length; i++) {
        units.push({ glyph: hidden ? null : glyphOf(text, i, i + 1) });
      }
      logical += text.data;
    }
    const everyGlyph = units.flatMap((unit) => (unit.glyph ? [unit.glyph] : []));

    const lines = (glyphs: Glyph[]) => {
      const sorted = [...glyphs].sort((a, b) => a.y - b.y);
      const grouped: Glyph[][] = [];
      for (const glyph of sorted) {
        const line = grouped.at(-1);
        const first = line?.[0];
        if (line && first && Math.abs(glyph.y - first.y) < Math.min(glyph.h, first.h) / 2) line.push(glyph);
        else grouped.push([glyph]);
      }
      return grouped.map((line) => line.sort((a, b) => a.x - b.x));
    };

    const probe = document.createElement('span');
    probe.dir = 'auto';
    probe.style.cssText = 'position:absolute;top:0;left:0;white-space:nowrap;visibility:visible';
    element.appendChild(probe);
    const aloneOf = (fragment: string) => {
      probe.textContent = fragment;
      const text = probe.firstChild as Text;
      const glyphs: Glyph[] = [];
      for (let i = 0; i < fragment.length; i++) {
        const glyph = glyphOf(text, i, i + 1);
        if (glyph) glyphs.push(glyph);
      }
      return glyphs
        .sort((a, b) => a.x - b.x)
        .map((g) => g.c)
        .join('');
    };

    const readings = [];
    for (const fragment of wanted) {
      const alone = aloneOf(fragment);
      for (let at = logical.indexOf(fragment); at !== -1; at = logical.indexOf(fragment, at + 1)) {
        const own = units.slice(at, at + fragment.length).flatMap((unit) => (unit.glyph ? [unit.glyph] : []));
        const painted = lines(own);
        const ownSet = new Set(own);
        const intruders = painted.flatMap((line) => {
          const first = line[0];
          const last = line.at(-1);
          if (!first || !last) return [];
          return everyGlyph.filter(
            (g) =>
              !ownSet.has(g) &&
              Math.abs(g.y - first.y) < Math.min(g.h, first.h) / 2 &&
              g.x > first.x &&
              g.x < last.x,
          );
        });
        const paintedText = painted.map((line) => line.map((g) => g.c).join(''));
        const ok =
          intruders.length === 0 &&
          paintedText.join('').length === alone.length &&
          paintedText.every((line) => alone.includes(line));
        readings.push({
          fragment,
          painted: paintedText,
          alone,
          intruders: intruders.map((g) => g.c).join(''),
          ok,
        });
      }
    }
    probe.remove();
    return readings;
  }, fragments);
}

/**
 * Whether each element whose text contains `text` sits inside a left-to-right isolate (a <bdi dir=ltr>
 * or anything with `unicode-bidi: isolate` and `direction: ltr`): for what is too long to stay on one line
 * (addresses, links, hashes), where reading the painted order line by line says less.
 */
export function isolatedLeftToRight(root: Locator, text: string): Promise<boolean[]> {
  return root.evaluate((element, wanted) => {
    const found: boolean[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!(node as Text).data.includes(wanted)) continue;
      let isolated = false;
      for (let at = node.parentElement; at && at !== element; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (/isolate|plaintext/.test(style.unicodeBidi)) {
          isolated = style.direction === 'ltr';
          break;
        }
      }
      found.push(isolated);
    }
    return found;
  }, text);
}
