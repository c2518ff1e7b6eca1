import { isLocale, pickLocale, type Locale } from '#domain/i18n/locales.ts';
import { LOCALE_COOKIE, prerenderedFile, prerenderedPageFor } from '#contract/prerendered-pages.ts';
import { matchPrecache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

/**
 * Every page address opens the precached app, offline too; `/api/` is never answered with it. The
 * prerendered pages (docs/decisions/011-prerendered-first-paint.md) open prerendered, in the language
 * chosen on this device (the cookie the page keeps) or else the browser's; every other address opens
 * the empty app shell.
 */
export function routeNavigations() {
  registerRoute(
    new NavigationRoute(
      async ({ url, request }) => {
        const page = prerenderedPageFor(url.pathname, url.search);
        const prerendered = page
          ? await matchPrecache(prerenderedFile(page, await deviceLocale()))
          : undefined;
        return prerendered ?? (await matchPrecache('/index.html')) ?? fetch(request);
      },
      { denylist: [/^\/api(\/|$)/] },
    ),
  );
}

async function deviceLocale(): Promise<Locale> {
  let chosen: string | undefined;
  try {
    // Chromium's worker has the Cookie Store; elsewhere the browser's language decides.
    chosen = 'cookieStore' in self ? (await self.cookieStore.get(LOCALE_COOKIE))?.value : undefined;
  } catch {
    chosen = undefined;
  }
  return isLocale(chosen) ? chosen : pickLocale(self.navigator.languages);
}
