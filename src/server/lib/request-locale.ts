import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, localeFromCookie } from '#contract/prerendered-pages.ts';
import { pickLocale, type Locale } from '#domain/i18n/locales.ts';

/**
 * The language a request comes in: the one chosen on this device (the locale cookie, kept by the
 * page's boot script), else the browser's first supported one. A prerendered page corrects a wrong
 * guess before it paints (docs/decisions/011-prerendered-first-paint.md).
 */
export function requestLocale(request: FastifyRequest): Locale {
  const chosen = localeFromCookie(request.cookies[LOCALE_COOKIE]);
  if (chosen) return chosen;
  const header = request.headers['accept-language'] ?? '';
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag);
  return pickLocale(tags);
}
