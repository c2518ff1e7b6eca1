import type { Page } from '@playwright/test';
import { TOKEN_HEADER } from '#contract/paths.ts';
import { formatAmount, parseAmount } from '#domain/money/amount.ts';
import { expect, test } from './fixtures.ts';
import { openApp, type TestUser } from './offline-support.ts';
import { isolatedLeftToRight, readFragments } from './bidi-support.ts';
import { expectNoAxeViolations, PASSWORD, screenshot } from './support.ts';
import { punctuationProblems } from '../../scripts/zh-punctuation.ts';
import type { FakeSms } from '#tests/fakes/fake-sms.ts';
import type { TestServer } from '#tests/helpers/e2e-server.ts';

// The main screens in Arabic, with every kind of fragment that must keep its order inside
// right-to-left text: signed amounts, a masked phone number, dates beside amounts, codes, an address.
// Each fragment is read as the browser painted it (bidi-support.ts), not as the DOM holds it.

const BITSTAMP = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B';

async function api(server: TestServer, path: string, token: string | null, body?: unknown, key?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { [TOKEN_HEADER]: token } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { code: number; data: Record<string, unknown> };
  if (envelope.code !== 1) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A user with every kind of record: credits, an address, a phone code out, a linked device. */
async function setUpRecords(server: TestServer, user: TestUser) {
  await server.db.query(
    `insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
     select id, 'adjustment', $2, 'rtl-' || id, 'rtl-' || id, now() from users where username_key = $1`,
    [user.username.toLowerCase(), 120n * 10n ** 7n],
  );
  // An address and tag are one account's: each user of the worker's server gets its own tag.
  const tag = String(100_000 + Math.floor(Math.random() * 900_000));
  await api(server, '/api/withdraw/setAddress', user.token, {
    walletaddress: BITSTAMP,
    tag,
    password: PASSWORD,
  });
  // A number of its own too: a number earns its bonus once, and codes to one number are spaced out.
  // A Dutch mobile number (06-1…): 066 numbers are pagers, which no code is sent to.
  const phone = `+3161${String(1_000_000 + Math.floor(Math.random() * 9_000_000))}`;
  await api(server, '/api/kyc/sendCode', user.token, { phone });
  // A device that names no browser the server knows: the notice words "unknown" in Arabic.
  const asked = await fetch(`${server.url}/api/device/pairing`, {
    method: 'POST',
    headers: { 'user-agent': 'curl/8.5.0' },
  });
  const { code, secret } = ((await asked.json()) as { data: { code: string; secret: string } }).data;
  await api(server, '/api/device/link/approve', user.token, { code, password: PASSWORD });
  const collected = await fetch(`${server.url}/api/device/pairing/state`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'curl/8.5.0' },
    body: JSON.stringify({ code, secret }),
  });
  expect(((await collected.json()) as { data: { state: string } }).data.state).toBe('approved');
  return { tag, phone };
}

/** Dates as the app formats them, in the page's own locale. */
function datesInPage(page: Page, times: number[]): Promise<string[]> {
  return page.evaluate(
    (epochs) =>
      epochs.map((time) =>
        new Intl.DateTimeFormat(document.documentElement.lang, {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(new Date(time * 1000)),
      ),
    times,
  );
}

function amountsInPage(page: Page, amounts: { amount: string; sign?: string }[]): Promise<string[]> {
  return page.evaluate(
    (list) =>
      list.map(
        ({ amount, sign = '' }) =>
          `${sign}${new Intl.NumberFormat(document.documentElement.lang, { maximumFractionDigits: 6 }).format(amount as Intl.StringNumericLiteral)} XRP`,
      ),
    amounts,
  );
}

/**
 * Every occurrence of every fragment reads in order, and each fragment occurs at least once; in
 * Chinese, the screen's text has no half-width punctuation and no stray space after "。" (sentences
 * joined in JSX never pass through the catalog lint, scripts/zh-punctuation.ts).
 */
async function expectInOrder(page: Page, screen: string, fragments: string[]) {
  if ((await page.locator('html').getAttribute('lang')) === 'zh-CN') {
    const text = await page.locator('main').innerText();
    expect.soft(punctuationProblems(text), `${screen}: Chinese punctuation`).toEqual([]);
  }
  const readings = await readFragments(page.locator('main'), fragments);
  for (const fragment of fragments) {
    expect(
      readings.some((reading) => reading.fragment === fragment),
      `${screen}: "${fragment}" is on the screen`,
    ).toBe(true);
  }
  // Soft: one run lists every screen's scrambles, not only the first.
  expect
    .soft(
      readings.filter((reading) => !reading.ok),
      `${screen}: fragments painted out of order`,
    )
    .toEqual([]);
}

async function open(page: Page, server: TestServer, path: string, ready: string) {
  await page.goto(`${server.url}${path}`);
  await expect(page.locator(ready).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

interface Shots {
  locale: string;
  /** '' at 375 px, '-1280' on a desktop. */
  suffix: string;
}

/** A screenshot for people to look at, and axe with no violation (in English and Arabic). */
async function look(page: Page, shots: Shots, name: string) {
  await screenshot(page, shots.locale, `records-${name}${shots.suffix}`);
  if (shots.locale !== 'zh-CN') await expectNoAxeViolations(page);
}

async function tour(page: Page, server: TestServer, user: TestUser, sms: FakeSms, shots: Shots) {
  const { tag, phone } = await setUpRecords(server, user);
  await openApp(page, server.url, user, '/withdraw/kyc', { worker: false });
  await expect(page.getByTestId('kyc-pending')).toBeVisible();
  const kycPending = (await api(server, '/api/kyc/status', user.token)) as {
    phone: string;
    expires_time: number;
  };
  expect(kycPending.phone).toMatch(new RegExp(String.raw`^\+31•+${phone.slice(-2)}$`));
  await expectInOrder(page, 'phone code sent', [
    kycPending.phone,
    ...(await datesInPage(page, [kycPending.expires_time])),
    ...(await amountsInPage(page, [{ amount: '100' }])),
  ]);
  await look(page, shots, 'kyc-pending');

  await api(server, '/api/kyc/verify', user.token, { code: sms.lastCode(phone) }, `rtl-kyc-${user.username}`);
  await page.reload();
  await expect(page.getByTestId('kyc-verified')).toBeVisible();
  await expectInOrder(page, 'phone verified', [
    kycPending.phone,
    ...(await amountsInPage(page, [{ amount: '100' }])),
  ]);
  await look(page, shots, 'kyc-verified');

  const started = (await api(
    server,
    '/api/user/setWithdrawStatus',
    user.token,
    {},
    `rtl-w-${user.username}`,
  )) as {
    create_time: number;
    end_time: number;
    amount: string;
  };
  expect(started.amount).toBe('250');
  const withdrawal = await amountsInPage(page, [{ amount: started.amount }]);

  // Home as the server renders it (docs/decisions/012-home-rendered-with-the-accounts-data.md): the
  // pill is in the page from the start, and there is no card to take away once the app runs.
  const served = await (
    await fetch(`${server.url}/home`, { headers: { cookie: `earnest-session=${user.token}` } })
  ).text();
  expect(served.match(/<html[^>]*>/)?.[0]).toContain('data-account');
  expect(served).toContain('data-testid="withdraw-pill"');
  expect(served).not.toContain('data-testid="withdraw-wizard"');
  await open(page, server, '/home', '[data-testid^="task-"]');
  // With the whole balance on its way, "earn 100 XRP, then withdraw" would not be true: the pill says
  // where the withdrawal stands instead.
  await expect(page.getByTestId('withdraw-pill')).toBeVisible();
  await expect(page.getByTestId('withdraw-wizard')).toHaveCount(0);
  const rewards = await page.evaluate(async (token) => {
    const response = await fetch('/api/task/list', { headers: { 'ba-user-token': token } });
    const body = (await response.json()) as { data: { tasks: { reward: string }[] } };
    return body.data.tasks.map((task) => task.reward);
  }, user.token);
  // What the day's tasks pay together, the most today can pay.
  const dayTotal = formatAmount(rewards.reduce((sum, reward) => sum + (parseAmount(reward) ?? 0n), 0n));
  await expectInOrder(page, 'home', [
    ...(await amountsInPage(page, [
      ...[...new Set(rewards)].map((amount) => ({ amount, sign: '+' })),
      { amount: dayTotal },
    ])),
  ]);
  await look(page, shots, 'home');

  await open(page, server, '/home/withdraw', '[data-testid="saved-address"]');
  await expectInOrder(page, 'withdraw', [...(await amountsInPage(page, [{ amount: '100' }])), tag]);
  expect(await isolatedLeftToRight(page.locator('main'), BITSTAMP)).toEqual([true]);
  await look(page, shots, 'withdraw');

  await open(page, server, '/withdraw/status', '[data-testid="withdraw-record"]');
  await expectInOrder(page, 'withdrawal status', [
    ...withdrawal,
    ...(await datesInPage(page, [started.end_time, started.create_time])),
  ]);
  await look(page, shots, 'withdraw-status');

  const { userInfo } = (await api(server, '/api/account/userInfo', user.token)) as {
    userInfo: { invite_code: string };
  };
  await open(page, server, '/home/invite', '[data-testid="invite-code"]');
  const percents = await page.evaluate(() =>
    [0.05, 0.01, 0.2].map((share) =>
      new Intl.NumberFormat(document.documentElement.lang, { style: 'percent' }).format(share),
    ),
  );
  await expectInOrder(page, 'invite', [userInfo.invite_code, ...percents]);
  expect(await isolatedLeftToRight(page.locator('main'), `?invite=${userInfo.invite_code}`)).toEqual([true]);
  await look(page, shots, 'invite');

  const devices = (await api(server, '/api/account/devices', user.token)) as {
    list: { created_time: number; last_seen_time: number }[];
    latest_link: { linked_time: number };
  };
  await open(page, server, '/home/mine', '[data-testid="device-row"]');
  // A device the server cannot name is named in the user's language, not in English.
  if (shots.locale !== 'en') await expect(page.getByTestId('devices')).not.toContainText('Unknown');
  await expectInOrder(page, 'mine', [
    userInfo.invite_code,
    ...withdrawal,
    ...(await datesInPage(page, [
      started.create_time,
      devices.latest_link.linked_time,
      ...devices.list.flatMap((device) => [device.created_time, device.last_seen_time]),
    ])),
  ]);
  await look(page, shots, 'mine');

  const history = (await api(server, '/api/account/history', user.token)) as {
    list: { amount: string; time: number }[];
  };
  await open(page, server, '/history', '[data-testid="history-amount"]');
  await expectInOrder(page, 'history', [
    ...(await amountsInPage(
      page,
      history.list.map((entry) =>
        entry.amount.startsWith('-')
          ? { amount: entry.amount.slice(1), sign: '−' }
          : { amount: entry.amount, sign: '+' },
      ),
    )),
    ...(await datesInPage(page, [...new Set(history.list.map((entry) => entry.time))])),
  ]);
  await look(page, shots, 'history');
}

const SIZES = [
  { width: 375, height: 812, suffix: '' },
  { width: 1280, height: 800, suffix: '-1280' },
];

// Arabic is checked for the order of left-to-right text, Chinese for its punctuation (tour), English
// is there to compare the screenshots with.
const LANGUAGES = [
  {
    language: 'Arabic',
    browserLocale: 'ar-EG',
    locale: 'ar',
    title: 'amounts, phone numbers, dates, codes and addresses keep their order on the main screens',
  },
  {
    language: 'Chinese',
    browserLocale: 'zh-CN',
    locale: 'zh-CN',
    title: 'the main screens use full-width punctuation, without stray spaces after it',
  },
  { language: 'English', browserLocale: 'en-US', locale: 'en', title: 'the same screens, for comparison' },
];

for (const { width, height, suffix } of SIZES) {
  for (const { language, browserLocale, locale, title } of LANGUAGES) {
    test.describe(`in ${language} at ${width} px`, () => {
      test.use({ locale: browserLocale, viewport: { width, height } });

      test(title, async ({ page, server, user, sms }) => {
        test.setTimeout(120_000);
        await tour(page, server, user, sms, { locale, suffix });
      });
    });
  }
}
