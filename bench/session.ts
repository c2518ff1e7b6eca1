import type { Page } from 'puppeteer-core';

/**
 * Puts a session on the device, as after a sign-in: the token and account the app reads from
 * localStorage, written while on `url`, a page of the app's origin.
 */
export async function storeSession(page: Page, url: string, token: string, username: string) {
  await page.goto(url);
  await page.evaluate(
    (t, u) => {
      localStorage.setItem('earnest.token', t);
      localStorage.setItem('earnest.account', u);
    },
    token,
    username.toLowerCase(),
  );
}
