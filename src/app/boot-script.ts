import { LOCALE_COOKIE, SERVER_DATA_ID, sessionCookie, timeZoneCookie } from '#contract/prerendered-pages.ts';
import { LOCALE_STORAGE_KEY } from './i18n/i18n.ts';
import { REQUEST_ID_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { BOOT_SNAPSHOT_KEY } from './lib/boot-snapshot.ts';
import { EARLY_READS, EARLY_REQUESTS, EARLY_TASK_LIST } from './lib/early-requests.ts';
import { ACCOUNT_KEY, TOKEN_KEY } from './lib/session.ts';
import { EARLY_INSTALL_PROMPT } from './pwa/install-prompt.ts';

/**
 * The inline script at the top of every prerendered page, run before the first paint. The server
 * picks the page by the address and the language by the locale cookie or Accept-Language; only the
 * device knows who is signed in and which language its user chose. So: a signed-in user on the
 * entry page sees the signed-in shell (`data-boot="shell"`, styles/boot.css), never the entry page;
 * a page in another language than the chosen one, or Home without a session, is hidden
 * (`data-boot="hold"`) until the app renders the right one (src/app/main.tsx). It also keeps the
 * locale cookie equal to the choice, so the next page comes in the right language, and the session
 * cookie equal to the session on the device (lib/session.ts), and the time zone cookie equal to the
 * device's zone. A Home the server rendered for another
 * account than the device's (`data-account`) is hidden too. And it keeps an install prompt that
 * comes before the app (src/app/pwa/install-prompt.ts).
 */
export function bootScript(): string {
  function boot(
    tokenKey: string,
    accountKey: string,
    localeKey: string,
    cookie: string,
    installKey: string,
    sessionCookie: { set: string; removed: string },
    zoneCookie: string,
  ) {
    const html = document.documentElement;
    addEventListener('beforeinstallprompt', (event) => {
      event.preventDefault();
      (window as unknown as Record<string, Event>)[installKey] = event;
    });
    let token: string | null = null;
    let account: string | null = null;
    let chosen: string | null = null;
    try {
      token = localStorage.getItem(tokenKey);
      account = localStorage.getItem(accountKey);
      chosen = localStorage.getItem(localeKey);
    } catch {
      // No storage: nobody is signed in and nothing was chosen on this device.
    }
    if (chosen)
      document.cookie = `${cookie}=${encodeURIComponent(chosen)};path=/;max-age=31536000;samesite=lax`;
    const secure = location.protocol === 'https:' ? ';secure' : '';
    document.cookie = (
      token === null
        ? sessionCookie.removed
        : sessionCookie.set.split('TOKEN').join(encodeURIComponent(token))
    ).concat(secure);
    try {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone) document.cookie = zoneCookie.split('ZONE').join(encodeURIComponent(zone)).concat(secure);
    } catch {
      // A browser that cannot name its zone: Home's times are rendered in the server's, then the app's.
    }
    const page = html.dataset['page'];
    const renderedFor = html.dataset['account'];
    if (
      (chosen && chosen !== html.lang) ||
      (page === 'home' && !token) ||
      (renderedFor !== undefined && renderedFor !== account)
    )
      html.dataset['boot'] = 'hold';
    else if (page === 'entry' && token) html.dataset['boot'] = 'shell';
  }
  const args = [
    TOKEN_KEY,
    ACCOUNT_KEY,
    LOCALE_STORAGE_KEY,
    LOCALE_COOKIE,
    EARLY_INSTALL_PROMPT,
    { set: sessionCookie('TOKEN', false), removed: sessionCookie(null, false) },
    timeZoneCookie('ZONE', false),
  ];
  return `(${boot.toString()})(${args.map((v) => JSON.stringify(v)).join(',')})`;
}

/** What the loader asks for: the app's code, and what Home needs when a session is on the device. */
export interface AppLoad {
  /** The entry module and its preloads (index.html's). */
  entry: string;
  preloads: string[];
  /** The first screen's catalog in the page's language, which the app loads before it renders. */
  languagePreloads: string[];
  /**
   * Home's own chunks, what the app loads at once for a signed-in device (its cache, its push
   * registration) and the page language's catalog of the later screens: for a signed-in device on
   * the entry page or Home.
   */
  signedInPreloads: string[];
}

/**
 * The inline script at the end of every prerendered page: it asks for the app's code only once the
 * page has painted (docs/performance.md), from a timeout inside an animation frame; the second timeout
 * covers a hidden tab, where frames wait. On a device with a session, where the page becomes Home, it
 * asks at the same moment for Home's chunks and, unless a boot snapshot has them, for Home's
 * first reads (lib/early-requests.ts), instead of after the app has run: one round trip less before
 * Home's figures.
 */
export function appLoader(load: AppLoad): string {
  function loader(
    { entry, preloads, languagePreloads, signedInPreloads }: AppLoad,
    tokenKey: string,
    accountKey: string,
    localeKey: string,
    snapshotKey: string,
    tokenHeader: string,
    requestIdHeader: string,
    earlyKey: string,
    reads: string[],
    taskList: string,
    serverDataId: string,
  ) {
    let done = false;
    const html = document.documentElement;
    function preload(href: string) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    function askEarly(token: string, locale: string) {
      const answers: Record<string, Promise<Response>> = {};
      for (const path of [...reads, taskList + encodeURIComponent(locale)]) {
        const headers: Record<string, string> = { [tokenHeader]: token };
        if (crypto.randomUUID) headers[requestIdHeader] = crypto.randomUUID();
        const answer = fetch(path, { headers, signal: AbortSignal.timeout(30_000) });
        // A failure is the app's to report when it takes the answer, not an unhandled rejection.
        answer.catch(() => undefined);
        answers[path] = answer;
      }
      (window as unknown as Record<string, unknown>)[earlyKey] = { token, at: Date.now(), answers };
    }
    function start() {
      if (done) return;
      done = true;
      preloads.forEach(preload);
      let token: string | null = null;
      let account: string | null = null;
      let chosen: string | null = null;
      let snapshot = false;
      try {
        token = localStorage.getItem(tokenKey);
        account = localStorage.getItem(accountKey);
        chosen = localStorage.getItem(localeKey);
        snapshot = localStorage.getItem(snapshotKey) !== null;
      } catch {
        // No storage: nobody is signed in on this device.
      }
      const page = html.dataset['page'];
      const signedIn = token !== null && (page === 'home' || page === 'entry');
      // A page held for another language: the app loads that language's catalogs instead.
      if (!chosen || chosen === html.lang) {
        languagePreloads.forEach(preload);
        if (signedIn) signedInPreloads.forEach(preload);
      }
      // With a boot snapshot (lib/boot-snapshot.ts) or a Home the server rendered with the account's
      // data (lib/server-render.ts), the first render has its figures already: the app reads again
      // after it, and reads sent now would only compete with the code for the link. (A page rendered
      // for another account than the device's is not the device's: the app reads its own.)
      const rendered = document.getElementById(serverDataId) !== null && html.dataset['account'] === account;
      if (signedIn && token !== null && !snapshot && !rendered) askEarly(token, chosen ?? html.lang);
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.append(script);
    }
    requestAnimationFrame(() => setTimeout(start));
    setTimeout(start, 500);
  }
  const args = [
    load,
    TOKEN_KEY,
    ACCOUNT_KEY,
    LOCALE_STORAGE_KEY,
    BOOT_SNAPSHOT_KEY,
    TOKEN_HEADER,
    REQUEST_ID_HEADER,
    EARLY_REQUESTS,
    EARLY_READS,
    EARLY_TASK_LIST,
    SERVER_DATA_ID,
  ];
  return `(${loader.toString()})(${args.map((v) => JSON.stringify(v)).join(',')})`;
}
