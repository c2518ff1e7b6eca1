import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What a prerendered page says outside the app: the description a search engine or a shared link
 * shows, and the line a browser without JavaScript shows. index.html carries them in English; the
 * build writes each page's own language in (scripts/prerender-pages.ts).
 */
export function documentTexts(i18n: I18n): { description: string; noscript: string } {
  return {
    description: i18n._(msg`Earn XRP with daily tasks. Earnest never asks you for money.`),
    noscript: i18n._(msg`Earnest needs JavaScript to run.`),
  };
}
