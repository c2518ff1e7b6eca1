import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

/**
 * Catalogs other than the precached default are cached the first time a user picks them. Their
 * names carry a content hash, so a cached one is never stale.
 */
export function cacheLocales() {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      url.pathname.startsWith('/assets/locale-'),
    new CacheFirst({
      cacheName: 'earnest-locales',
      plugins: [new ExpirationPlugin({ maxEntries: 40 })],
    }),
  );
}
