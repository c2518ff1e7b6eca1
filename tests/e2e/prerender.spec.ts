import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshot, signInViaApi } from './support.ts';

// The prerendered first paint (docs/decisions/011-prerendered-first-paint.md): the server answers the
// entry page, Landing and Home with their markup in the user's language, the page paints before any
// of the app's code has run, and a signed-in user never sees the entry page.

const ARABIC_HEADLINE = 'اربح XRP بمهام يومية بسيطة';

/** A session on the device as after a sign-in in the app: the token, and whose session it is. */
async function signInAsTheAppDoes(page: Page, request: APIRequestContext) {
  const signedIn = await signInViaApi(page, request);
  await page.addInitScript((account) => localStorage.setItem('earnest.account', account), signedIn.accountId);
  return signedIn;
}

test('the server answers / in the language the browser asks for, with its direction and headline', async ({
  request,
}) => {
  const arabic = await (
    await request.get('/', { headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' } })
  ).text();
  expect(arabic).toContain('<html lang="ar" dir="rtl" data-page="entry">');
  expect(arabic).toContain(ARABIC_HEADLINE);
  // What a shared link or a browser without JavaScript shows is in Arabic too.
  expect(arabic).toMatch(/<meta name="description" content="[^"]+" \/>/);
  expect(arabic).not.toContain('Earn XRP with daily tasks');
  expect(arabic).not.toContain('Earnest needs JavaScript to run.');

  // A language chosen on the device (its cookie) wins over the browser's.
  const french = await (
    await request.get('/landing', { headers: { 'accept-language': 'ar', cookie: 'earnest-locale=fr' } })
  ).text();
  expect(french).toContain('<html lang="fr" dir="ltr" data-page="landing">');
  expect(french).toContain('Gagnez des XRP avec de simples tâches quotidiennes');

  // Any other address, or one with a query string, gets the empty app shell.
  const other = await (await request.get('/?tab=register', { headers: { 'accept-language': 'ar' } })).text();
  expect(other).toContain('<div id="root"></div>');
});

test('the entry page and Landing paint before the app has run', async ({ page }) => {
  // No app code at all: what shows is the prerendered page.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Earn XRP with simple daily tasks' })).toBeVisible();
  await expect(page.getByLabel('Username or e-mail')).toBeVisible();
  // Not answering yet: a form sent now would put the password in the address bar.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await page.goto('/landing');
  await expect(page.getByTestId('landing-register')).toBeVisible();
  await expect(page).toHaveTitle('For new users · Earnest');
});

// docs/decisions/013-landing-rendered-with-the-rules-in-force.md: Landing's sections below the header
// show the rules in force. Prerendered without them, they painted once the app had read them, seconds
// later on a phone's connection, and in Arabic and Chinese a rule is larger than the headline: it
// became the largest paint. The server renders them in the page, in every language.
for (const { locale, browserLocale } of [
  { locale: 'en', browserLocale: 'en-US' },
  { locale: 'ar', browserLocale: 'ar-EG' },
  { locale: 'zh-CN', browserLocale: 'zh-CN' },
]) {
  test.describe(`Landing in ${locale}`, () => {
    test.use({ locale: browserLocale, viewport: { width: 412, height: 823 } });

    test("paints its largest element from the page's own bytes, before the app has taken over", async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const seen = { paints: [] as { text: string; at: number }[], takeover: Number.NaN };
        Object.assign(window, { seen });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
            seen.paints.push({ text: entry.element?.textContent ?? '', at: entry.startTime });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // The app's first render makes #root answer (src/app/main.tsx).
        new MutationObserver((changes) => {
          for (const { target } of changes)
            if (target instanceof Element && target.id === 'root' && !target.hasAttribute('inert'))
              seen.takeover = performance.now();
        }).observe(document, { attributes: true, attributeFilter: ['inert'], subtree: true });
      });
      await page.goto('/landing');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await expect(page.getByTestId('landing-rules')).toBeVisible();
      // Painted frames are reported a frame later: wait for the page to have painted what it loaded.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const { paints, takeover } = await page.evaluate(
        () =>
          (window as unknown as { seen: { paints: { text: string; at: number }[]; takeover: number } }).seen,
      );
      expect(takeover).toBeGreaterThan(0);
      expect(paints.at(-1)?.at, JSON.stringify({ paints, takeover })).toBeLessThan(takeover);
    });

    test("comes with the rules before any of the app's code, and the app keeps them", async ({ page }) => {
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/landing');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByTestId('landing-rules')).toBeVisible();
      await expect(page.getByTestId('withdraw-rules')).toBeVisible();
      await screenshot(page, locale, 'landing-server-rendered');

      // The app takes over with the same rules, and does not read them again to do so.
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.unroute('**/assets/*.js');
      await page.reload();
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await expect(page.getByTestId('landing-rules')).toBeVisible();
      expect(asked).not.toContain('/api/other/getCustomSettings');
    });
  });
}

test('the prerendered pages paint from their own bytes: styles inline and allowed by hash, code after', async ({
  page,
  request,
}) => {
  // docs/performance.md: a linked stylesheet, or module scripts and preloads in the head, delay the
  // first paint; the page carries its styles and asks for the app's code once it has painted.
  for (const url of ['/', '/landing', '/home']) {
    const html = await (await request.get(url)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>');
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).not.toContain('rel="modulepreload"');
    expect(head).not.toContain('type="module"');
  }
  const policy = (await request.get('/')).headers()['content-security-policy'] ?? '';
  const inlineHashes = /style-src 'self'((?: 'sha256-[^']+')+)/.exec(policy)?.[1];
  expect(inlineHashes).toBeTruthy();
  // Styled with no stylesheet file and no code at all (the fixtures fail on a CSP violation).
  await page.route('**/assets/*.{js,css}', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Earn XRP with simple daily tasks' })).toBeVisible();
  await expect(page.locator('.entry-header')).toHaveCSS('display', 'flex');
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
});

test('the app takes over the prerendered page without an error', async ({ page }) => {
  // The fixtures fail the test on any console error or Content Security Policy violation (the boot
  // script is inline, allowed by its hash).
  await page.goto('/');
  await page.getByLabel('Username or e-mail').fill('someone');
  await expect(page.locator('#boot-shell')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.locator('html')).not.toHaveAttribute('data-boot');
  await page.getByRole('link', { name: 'New here? See how Earnest works' }).click();
  await expect(page).toHaveURL(/\/landing$/);
});

test('a signed-in user opening / sees the signed-in shell, never the entry page', async ({
  page,
  request,
}) => {
  await signInViaApi(page, request);
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily tasks' })).toBeVisible();
  await expect(page.getByText('Earn XRP with simple daily tasks')).toBeHidden();
  await expect(page.getByLabel('Username or e-mail')).toBeHidden();

  // With the app: Home, and the entry page never showed.
  await page.unroute('**/assets/*.js');
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const entry = document.querySelector('.entry-page');
      if (entry && entry.checkVisibility()) console.error('the entry page showed to a signed-in user');
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-balance')).toBeVisible();
});

test('a page in another language than the one chosen on the device stays hidden, and the next comes right', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('earnest.locale', 'fr'));
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'hold');
  await expect(page.getByRole('heading', { name: 'Earn XRP with simple daily tasks' })).toBeHidden();
  // The boot script kept the choice in the cookie: the server now answers in French.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('html')).not.toHaveAttribute('data-boot');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("signed in, Home's code and first reads are asked for beside the app's code, and read once", async ({
  page,
  request,
}) => {
  // src/app/lib/early-requests.ts: the loader asks for them, not the app once it has run.
  await signInAsTheAppDoes(page, request);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.route('**/assets/index-*.js', (route) => route.abort());
  await page.goto('/home');
  await expect
    .poll(() => asked.filter((path) => path.startsWith('/api/')).sort())
    .toEqual(
      [
        '/api/account/dailyReward',
        '/api/account/userInfo',
        '/api/kyc/status',
        '/api/other/getCustomSettings',
        '/api/task/history',
        '/api/task/list',
        '/api/user/getWithdrawStatus',
      ].sort(),
    );
  expect(asked.some((path) => /^\/assets\/home-.*\.js$/.test(path))).toBe(true);
  expect(asked.some((path) => /^\/assets\/locale-en-[^f].*\.js$/.test(path))).toBe(true);

  // With the app: Home shows its figures from those answers, and asks none of them a second time.
  asked.length = 0;
  await page.unroute('**/assets/index-*.js');
  // Without the session cookie the boot script wrote, so that the server sends the prerendered shell
  // again (with it, Home comes rendered with the data: the journeys below).
  await page.context().clearCookies({ name: 'earnest-session' });
  await page.reload();
  await expect(page.getByTestId('home-balance')).not.toHaveText('…');
  for (const read of ['/api/account/userInfo', '/api/task/list', '/api/account/dailyReward']) {
    expect(
      asked.filter((path) => path === read),
      read,
    ).toHaveLength(1);
  }
});

// docs/decisions/012-home-rendered-with-the-accounts-data.md: with the session cookie, the server
// renders Home with the account's data.

test("signed in, Home comes with the account's figures before any of the app's code, and the app keeps them", async ({
  page,
  request,
}) => {
  const { accountId } = await signInAsTheAppDoes(page, request);
  // The boot script of any page writes the cookie from the session on the device (the app's code
  // is kept out from here on).
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/landing');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'earnest-session');
  expect(cookie).toMatchObject({ path: '/home', sameSite: 'Strict' });
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('data-account', accountId);
  await expect(page.locator('html')).not.toHaveAttribute('data-boot');
  await expect(page.getByTestId('home-balance')).toHaveText('0 XRP');
  await expect(page.getByText(/10 tasks, 20 XRP in all/)).toBeVisible();
  // No withdrawal yet: the way to one, and no pill (the server read the withdrawal status too).
  await expect(page.getByTestId('withdraw-wizard')).toBeVisible();
  await expect(page.getByTestId('withdraw-pill')).toHaveCount(0);
  await screenshot(page, 'en', 'home-server-rendered');

  // The app takes over with the same figures, and reads none of them again to do so.
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByTestId('home-balance')).toHaveText('0 XRP');
  await expect(page.getByRole('button', { name: "Accept today's challenge" })).toBeEnabled();
  for (const read of [
    '/api/account/userInfo',
    '/api/task/list',
    '/api/account/dailyReward',
    '/api/task/history',
  ]) {
    expect(asked, read).not.toContain(read);
  }
  // And it works as ever: accepting the day changes the page.
  await page.getByRole('button', { name: "Accept today's challenge" }).click();
  await expect(page.getByRole('button', { name: "Accept today's challenge" })).toBeHidden();

  // The day's ten tasks make Home larger than React writes in place by default: it still comes
  // rendered, with every task, before any of the app's code.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-account', accountId);
  await expect(page.locator('[data-testid^="task-"]')).toHaveCount(10);
});

test('a Home rendered for another account than the one on the device stays hidden', async ({
  page,
  request,
}) => {
  await signInViaApi(page, request);
  // A device that believes it holds someone else's session (the cookie is this session's).
  await page.addInitScript(() => localStorage.setItem('earnest.account', 'somebody-else'));
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/landing');
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('data-account');
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'hold');
  await expect(page.getByTestId('home-balance')).toBeHidden();
});

test("after signing out, the cookie is gone and Home comes without anyone's data", async ({
  page,
  request,
}) => {
  const { token } = await signInViaApi(page, request);
  await page.goto('/home/mine');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$|\/\?/);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('earnest-session');
  // The session is over on the server too: its token no longer renders Home.
  const home = await (await request.get('/home', { headers: { cookie: `earnest-session=${token}` } })).text();
  expect(home).not.toContain('data-account');
  expect(home).not.toContain('id="earnest-server-data"');
});
