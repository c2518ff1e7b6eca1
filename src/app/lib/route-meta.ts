import type { MessageDescriptor } from '@lingui/core';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen's title; the document title is "<title> · Earnest". */
    title?: MessageDescriptor;
  }
}

export const PRODUCT_NAME = 'Earnest';
