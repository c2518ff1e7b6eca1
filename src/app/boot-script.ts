import { LOCALE_COOKIE } from '#contract/prerendered-pages.ts';
import { LOCALE_STORAGE_KEY } from './i18n/i18n.ts';
import { TOKEN_KEY } from './lib/session.ts';
import { EARLY_INSTALL_PROMPT } from './pwa/install-prompt.ts';

/**
 * The inline script at the top of every prerendered page, run before the first paint. The server
 * picks the page by the address and the language by the locale cookie or Accept-Language; only the
 * device knows who is signed in and which language its user chose. So: a signed-in user on the
 * entry page sees the signed-in shell (`data-boot="shell"`, styles/boot.css), never the entry page;
 * a page in another language than the chosen one, or Home without a session, is hidden
 * (`data-boot="hold"`) until the app renders the right one (src/app/main.tsx). It also keeps the
 * locale cookie equal to the choice, so the next page comes in the right language. And it keeps an
 * install prompt that comes before the app (src/app/pwa/install-prompt.ts).
 */
export function bootScript(): string {
  function boot(tokenKey: string, localeKey: string, cookie: string, installKey: string) {
    const html = document.documentElement;
    addEventListener('beforeinstallprompt', (event) => {
      event.preventDefault();
      (window as unknown as Record<string, Event>)[installKey] = event;
    });
    let token: string | null = null;
    let chosen: string | null = null;
    try {
      token = localStorage.getItem(tokenKey);
      chosen = localStorage.getItem(localeKey);
    } catch {
      // No storage: nobody is signed in and nothing was chosen on this device.
    }
    if (chosen)
      document.cookie = `${cookie}=${encodeURIComponent(chosen)};path=/;max-age=31536000;samesite=lax`;
    const page = html.dataset['page'];
    if ((chosen && chosen !== html.lang) || (page === 'home' && !token)) html.dataset['boot'] = 'hold';
    else if (page === 'entry' && token) html.dataset['boot'] = 'shell';
  }
  return `(${boot.toString()})(${[TOKEN_KEY, LOCALE_STORAGE_KEY, LOCALE_COOKIE, EARLY_INSTALL_PROMPT].map((v) => JSON.stringify(v)).join(',')})`;
}
