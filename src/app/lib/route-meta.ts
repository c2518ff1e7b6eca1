import type { I18n, MessageDescriptor } from '@lingui/core';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen's title; the document title is "<title> · Earnest". */
    title?: MessageDescriptor;
  }
}

export const PRODUCT_NAME = 'Earnest';

/** "<title of the deepest screen that has one> · Earnest", in the current language. */
export function documentTitle(titles: readonly (MessageDescriptor | undefined)[], i18n: I18n): string {
  const title = titles.findLast((t) => t !== undefined);
  return title ? `${i18n._(title)} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
