import type { Page } from '@playwright/test';

/**
 * Every visible control smaller than 44×44 CSS pixels, named so a failure says which one. A link
 * inside a sentence is exempt, as WCAG 2.5.8 exempts inline targets: its size is the text's. A
 * control narrower than 44 px passes when a 44 px square centred on it touches no other control
 * (the spacing rule of WCAG 2.5.8, held to 44 px instead of 24 px).
 */
export function targetSizeProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="switch"], [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])';
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && !element.closest('[inert]');
    };
    // A checkbox, radio or switch inside its label is hit anywhere on the label: the label is the target.
    const targetOf = (element: Element): Element =>
      (element instanceof HTMLInputElement && element.closest('label')) || element;
    const inline = (element: Element) => {
      if (element.tagName !== 'A' && !element.classList.contains('link')) return false;
      const parent = element.parentElement;
      if (!parent) return false;
      const text = parent.textContent?.replace(element.textContent ?? '', '').trim() ?? '';
      return getComputedStyle(element).display.startsWith('inline') && text.length > 0;
    };
    // Under a modal dialog the page is inert: only the dialog's controls can be hit.
    const modal = document.querySelector('dialog:modal');
    const controls = [...(modal ?? document).querySelectorAll(selector)]
      .filter((element) => !element.classList.contains('skip-link'))
      .filter(visible)
      .map(targetOf);
    const unique = [...new Set(controls)];
    const rects = unique.map((element) => element.getBoundingClientRect());
    const problems: string[] = [];
    unique.forEach((element, index) => {
      const rect = rects[index]!;
      if (rect.width >= MIN - 0.5 && rect.height >= MIN - 0.5) return;
      if (inline(element)) return;
      const cx = rect.left + rect.width / 2;
      const cy = rect.top + rect.height / 2;
      const crowded = rects.some(
        (other, j) =>
          j !== index &&
          other.right > cx - MIN / 2 &&
          other.left < cx + MIN / 2 &&
          other.bottom > cy - MIN / 2 &&
          other.top < cy + MIN / 2 &&
          !unique[j]!.contains(element) &&
          !element.contains(unique[j]!),
      );
      if (!crowded && rect.width >= 24 && rect.height >= 24) return;
      const name =
        element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
      problems.push(
        `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${name}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
      );
    });
    return problems;
  });
}
