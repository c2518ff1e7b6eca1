import { isLocale, type Locale } from '#domain/i18n/locales.ts';

/**
 * The pages the build prerenders in every language (docs/decisions/011-prerendered-first-paint.md),
 * by the address they answer. The server and the service worker answer these addresses with the
 * prerendered file; every other page address gets the empty app shell (index.html).
 */
export const PRERENDERED_PAGES = { entry: '/', landing: '/landing', home: '/home' } as const;

export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

/**
 * The cookie that tells the server (and the service worker) the language the user chose on this
 * device; the prerendered page's boot script keeps it equal to the choice in localStorage.
 */
export const LOCALE_COOKIE = 'earnest-locale';

/**
 * Which prerendered page answers a navigation, or null. With a query string (an invitation, a
 * notice) the page differs from the prerendered one, so the app renders it alone.
 */
export function prerenderedPageFor(pathname: string, search: string): PrerenderedPage | null {
  if (search !== '' && search !== '?') return null;
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const entry = Object.entries(PRERENDERED_PAGES).find(([, address]) => address === path);
  return entry ? (entry[0] as PrerenderedPage) : null;
}

/** Where the build writes a prerendered page, under the built app's root. */
export function prerenderedFile(page: PrerenderedPage, locale: Locale): string {
  return `prerender/${locale}/${page}.html`;
}

/**
 * Where the build writes the script sources the prerendered pages need (the boot script's hash),
 * for the server's Content Security Policy.
 */
export const PRERENDER_CSP_FILE = 'prerender/csp.json';

/**
 * The session cookie (docs/decisions/012-home-rendered-with-the-accounts-data.md): a copy of the
 * device's session token that only navigations to Home and the pages under it carry, so the server can render
 * Home with the account's data. The device keeps it equal to the token in localStorage
 * (src/app/lib/session.ts, and the boot script on every page); the API never reads it.
 */
export const SESSION_COOKIE = 'earnest-session';

/**
 * The device's time zone (an IANA name such as `Asia/Tokyo`), which the boot script keeps for
 * navigations to Home and the pages under it, like the session cookie: Home shows times (the next
 * interest claim), and the server renders them in the device's zone, as the app does after it.
 */
export const TIME_ZONE_COOKIE = 'earnest-time-zone';

/** Longer than any zone's name: a cookie that cannot be one is not tried. */
export const TIME_ZONE_MAX_LENGTH = 64;

/** The `document.cookie` line that writes the time zone cookie for `zone`. */
export function timeZoneCookie(zone: string, secure: boolean): string {
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)};path=${PRERENDERED_PAGES.home};samesite=strict${secure ? ';secure' : ''};max-age=31536000`;
}

/**
 * The `document.cookie` line that writes the session cookie for `token`, or removes it (null): sent
 * only with navigations to `/home` and the pages under it, from this site, and kept as long as the
 * token is.
 */
export function sessionCookie(token: string | null, secure: boolean): string {
  const attributes = `path=${PRERENDERED_PAGES.home};samesite=strict${secure ? ';secure' : ''}`;
  return token === null
    ? `${SESSION_COOKIE}=;${attributes};max-age=0`
    : `${SESSION_COOKIE}=${encodeURIComponent(token)};${attributes};max-age=31536000`;
}

/**
 * The prerendered pages the server renders with their data when it can: Home with the account's
 * (docs/decisions/012-home-rendered-with-the-accounts-data.md), Landing with the rules in force
 * (docs/decisions/013-landing-rendered-with-the-rules-in-force.md).
 */
export const SERVER_RENDERED_PAGES = ['home', 'landing'] as const satisfies readonly PrerenderedPage[];

export type ServerRenderedPage = (typeof SERVER_RENDERED_PAGES)[number];

export function isServerRendered(page: PrerenderedPage): page is ServerRenderedPage {
  return (SERVER_RENDERED_PAGES as readonly PrerenderedPage[]).includes(page);
}

/** Where, in the prerendered file of a page the server renders, it puts the rendered markup. */
export const SERVER_RENDER_MARKS = { start: '<!--server-render-->', end: '<!--/server-render-->' } as const;

/**
 * The id of the data block (`<script type="application/json">`) that carries the answers a
 * server-rendered page was rendered with, for the app's first render (src/app/lib/server-render.ts).
 */
export const SERVER_DATA_ID = 'earnest-server-data';

/** Where the build writes the module that renders pages in Node, under the built app's root. */
export const PAGE_RENDERER_FILE = 'ssr/prerender.js';

/** The locale a cookie's value names, or null (missing or not one we ship). */
export function localeFromCookie(value: string | undefined): Locale | null {
  return isLocale(value) ? value : null;
}
