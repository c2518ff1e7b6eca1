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
