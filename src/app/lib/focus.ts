import { useLayoutEffect, useRef, type RefObject } from 'react';

// Where the focus goes when what held it goes away: a new screen's heading (routes/__root.tsx), what
// opened a dialog (components/dialog.tsx), the next card when a card is claimed or done. Never <body>,
// where a screen reader starts again from the top of the page and Tab from its first control.

/** Focuses a heading, which takes the focus from script only (tabIndex -1), never by Tab. */
export function focusHeading(heading: HTMLElement | null | undefined, options?: FocusOptions): boolean {
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus(options);
  return document.activeElement === heading;
}

/** The screen's heading (components/page-header.tsx): where a new screen starts. */
export function focusScreenHeading(): boolean {
  return focusHeading(document.querySelector<HTMLElement>('main h1'), { preventScroll: true });
}

/**
 * Runs `leaving` with the element while it is still in the page, as its component unmounts: a layout
 * effect's cleanup runs before React takes the element out.
 */
export function useWhileLeaving<T extends HTMLElement>(
  ref: RefObject<T | null>,
  leaving: (element: T) => void,
) {
  const latest = useRef(leaving);
  useLayoutEffect(() => {
    latest.current = leaving;
  });
  useLayoutEffect(() => {
    const element = ref.current;
    return () => {
      if (element) latest.current(element);
    };
  }, [ref]);
}
