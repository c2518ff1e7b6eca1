import type { Page } from 'puppeteer-core';
import { LOCALE_COOKIE, sessionCookie } from '../src/contract/prerendered-pages.ts';
import { API, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '../src/contract/paths.ts';

/**
 * Puts a session on the device, as after a sign-in: the token and account the app reads from
 * localStorage, and the session cookie it writes beside them, written while on `url`, a page of the
 * app's origin.
 */
export async function storeSession(page: Page, url: string, token: string, username: string) {
  await page.goto(url);
  await page.evaluate(
    (t, u, cookie) => {
      localStorage.setItem('earnest.token', t);
      localStorage.setItem('earnest.account', u);
      (globalThis as unknown as { document: { cookie: string } }).document.cookie = cookie;
    },
    token,
    username.toLowerCase(),
    sessionCookie(token, false),
  );
}

/**
 * A language chosen on the device, as the language menu leaves it (in storage, and in the cookie the
 * server picks the page's language by), set on a page of the app's origin that is not the app.
 */
export async function storeLocale(page: Page, url: string, locale: string) {
  await page.goto(url);
  await page.evaluate(
    (l, cookie) => {
      localStorage.setItem('earnest.locale', l);
      (globalThis as unknown as { document: { cookie: string } }).document.cookie = cookie;
    },
    locale,
    `${LOCALE_COOKIE}=${encodeURIComponent(locale)};path=/`,
  );
}

/** Registers a new user on the app at `origin` (e.g. http://127.0.0.1:8080), as the entry page does. */
export async function registerUser(
  origin: string,
  prefix: string,
): Promise<{ token: string; username: string }> {
  const username = `${prefix}${Date.now().toString(36)}`;
  const response = await fetch(`${origin}/api/user/checkIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tab: 'register', username, password: 'secret12', confirm_password: 'secret12' }),
  });
  const body = (await response.json()) as { data: { userInfo: { token: string } } };
  return { token: body.data.userInfo.token, username };
}

/** Accepts the day's challenge for the user, as Home's button does: Home then lists the day's tasks. */
export async function acceptDay(origin: string, token: string): Promise<void> {
  const response = await fetch(`${origin}${API.taskAccept}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [TOKEN_HEADER]: token,
      [IDEMPOTENCY_HEADER]: `bench-accept-${Date.now().toString(36)}`,
    },
    body: JSON.stringify({ locale: 'en' }),
  });
  const body = (await response.json()) as { code: number; data?: { accepted?: boolean } };
  if (body.code !== 1 || body.data?.accepted !== true)
    throw new Error(`accepting the day failed: ${JSON.stringify(body)}`);
}
