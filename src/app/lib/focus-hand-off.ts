import { useLayoutEffect, useRef, type RefObject } from 'react';
import { focusHeading, focusScreenHeading, useWhileLeaving } from './focus.ts';

// Apart from focus.ts, which the app's frame loads with the first screen: only Home's cards use this.

const CONTROLS = 'button:not([disabled]), a[href], input:not([disabled]), select, textarea';

/**
 * For a part of the screen that goes away with the focus in it (a claimed card, a claim button that
 * its card replaces with what was claimed): the focus goes on to `to()` when given, else to the next
 * card (section) in the page once it has changed, to its heading or, without one, its first control;
 * else to the screen's heading. Returns the ref for the part's element.
 */
export function useFocusHandOff<T extends HTMLElement>(to?: () => HTMLElement | null): RefObject<T | null> {
  const ref = useRef<T>(null);
  // Whether the focus is in the part, or left it for nowhere: a claim button disabled while its claim
  // runs loses the focus to <body> before its card goes.
  const held = useRef(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const focusIn = () => {
      held.current = true;
    };
    const focusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      held.current = next === null || (next instanceof Node && element.contains(next));
    };
    element.addEventListener('focusin', focusIn);
    element.addEventListener('focusout', focusOut);
    return () => {
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('focusout', focusOut);
    };
  }, []);
  useWhileLeaving(ref, (element) => {
    const focus = document.activeElement;
    const dropped = held.current && (focus === null || focus === document.body);
    if (!element.contains(focus) && !dropped) return;
    // Where the part was: what came before it, or the element holding it when it came first.
    const before = element.previousElementSibling;
    const holder = element.parentElement;
    // After the update: the cards that take its place are in the page by then.
    queueMicrotask(() => {
      const focus = document.activeElement;
      if (focus && focus !== document.body && focus.isConnected) return;
      if (to && focusHeading(to())) return;
      if (!focusNextCard(before, holder)) focusScreenHeading();
    });
  });
  return ref;
}

function focusNextCard(before: Element | null, holder: Element | null): boolean {
  const main = document.querySelector('main');
  if (!main) return false;
  const anchor = before?.isConnected ? before : holder?.isConnected ? holder : null;
  if (!anchor) return false;
  const after = (node: Element) =>
    anchor === before
      ? !anchor.contains(node) &&
        Boolean(anchor.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)
      : anchor.contains(node);
  for (const card of main.querySelectorAll<HTMLElement>('section')) {
    if (!after(card) || !card.checkVisibility()) continue;
    const heading = card.querySelector<HTMLElement>('h2, h3');
    if (heading && focusHeading(heading)) return true;
    const control = card.querySelector<HTMLElement>(CONTROLS);
    if (control) {
      control.focus();
      if (document.activeElement === control) return true;
    }
  }
  return false;
}
