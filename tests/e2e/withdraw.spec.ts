import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import { ledgerOf, openApp, setUpUser, type TestUser } from './offline-support.ts';
import { PASSWORD, screenshot } from './support.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';

// Withdrawing for real, against a fake rippled on 127.0.0.1 that keeps its own ledger:
// the address rules, the one rule list (docs/product-rules.md#no-hidden-conditions), the withdrawal, the daily ad, the payout once the
// waiting period is over, and the recent-withdrawals notice fed only by real payouts (docs/product-rules.md#no-fabricated-activity).

test.use({ serviceWorkers: 'block' });

const BITSTAMP = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B';
const BINANCE = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';

let rippled: ChildProcess;
let server: TestServer;
/** Payments the fake rippled received, as it reported them. */
const submitted: Record<string, unknown>[] = [];

/** The fake rippled runs as its own process (tests/fakes/run-fake-rippled.ts). */
async function startRippled(): Promise<{ url: string; seed: string }> {
  rippled = spawn(process.execPath, ['tests/fakes/run-fake-rippled.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: rippled.stdout as NodeJS.ReadableStream });
  return new Promise((resolve) => {
    lines.on('line', (line) => {
      const message = JSON.parse(line) as {
        url?: string;
        seed?: string;
        submitted?: Record<string, unknown>;
      };
      if (message.submitted) submitted.push(message.submitted);
      else if (message.url && message.seed) resolve({ url: message.url, seed: message.seed });
    });
  });
}

test.beforeAll(async () => {
  const xrpl = await startRippled();
  server = await startTestServer({
    XRPL_URL: xrpl.url,
    XRPL_SEED: xrpl.seed,
    PAYOUT_INTERVAL_SECONDS: '1',
    AD_SECONDS: '3',
  });
});

test.afterAll(async () => {
  await server?.stop();
  rippled?.kill('SIGTERM');
});

/** Credits the user as an operator adjustment would: one ledger entry. */
async function credit(user: TestUser, xrpAmount: number) {
  await server.db.query(
    `insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
     select id, 'adjustment', $2, 'e2e-' || id, 'e2e-' || id, now() from users where username_key = $1`,
    [user.username.toLowerCase(), BigInt(xrpAmount) * 10n ** 7n],
  );
}

async function saveAddress(page: Page, address: string, tag: string) {
  await page.getByLabel('XRP deposit address').fill(address);
  await page.getByLabel('Destination tag').fill(tag);
  await page.getByRole('button', { name: 'Check and save' }).click();
}

test('a user saves an exchange address, withdraws, shortens the wait, and is paid on the ledger', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await setUpUser(server.url, server.db);
  await credit(user, 120); // with the 30 XRP gift: 150 XRP
  // Someone else already holds Binance with tag 777.
  const other = await setUpUser(server.url, server.db);
  await fetch(`${server.url}/api/withdraw/setAddress`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: other.token },
    body: JSON.stringify({ walletaddress: BINANCE, tag: '777' }),
  });

  await openApp(page, server.url, user, '/home/withdraw', { worker: false });
  const rules = page.getByTestId('withdraw-rules');
  await expect(rules.locator('[data-rule="min_balance"]')).toContainText('you have 150 XRP');
  await expect(rules.locator('[data-rule="address_saved"]')).toHaveClass(/is-unmet/);
  await expect(page.getByRole('button', { name: 'Withdraw all XRP' })).toBeDisabled();
  await expect(page.getByTestId('exchange-list')).toContainText('Bitstamp');

  // The catalogue's messages for a bad checksum, an exchange not on the whitelist, a registered address.
  await saveAddress(page, `${BITSTAMP.slice(0, -1)}C`, '1');
  await expect(page.getByRole('alert')).toContainText('This is not a valid XRP address');
  await saveAddress(page, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', '1');
  await page.getByRole('button', { name: 'Save it' }).click();
  await expect(page.getByRole('alert')).toContainText('the exchange is not in the whitelist');
  await saveAddress(page, BINANCE, '777');
  await page.getByRole('button', { name: 'Save it' }).click();
  await expect(page.getByRole('alert')).toContainText('Wallet address already registered');

  await saveAddress(page, BITSTAMP, '4242');
  await expect(page.getByTestId('confirm-address')).toHaveText(BITSTAMP);
  await page.getByRole('button', { name: 'Save it' }).click();
  await expect(page.getByText('Verification passed')).toBeVisible();
  await expect(page.getByTestId('saved-address')).toContainText(BITSTAMP);
  await expect(rules.locator('[data-rule="address_saved"]')).toHaveClass(/is-met/);
  await screenshot(page, 'en', 'withdraw-ready');

  await page.getByRole('button', { name: 'Withdraw all XRP' }).click();
  await expect(page.getByRole('dialog')).toContainText('150 XRP');
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page).toHaveURL(/\/withdraw\/status$/);
  await expect(page.getByTestId('hours-left')).toHaveText(/^(719|720) hours left$/);
  expect((await ledgerOf(server.db, user.username)).total).toBe(0n);

  // The daily ad: the full length first, then 12 to 24 hours off; a second one the same day is refused.
  await page.getByRole('button', { name: 'Watch the ad' }).click();
  await expect(page.getByTestId('house-ad')).toBeVisible();
  await page.getByRole('button', { name: 'Shorten my wait' }).click();
  await expect(page.getByTestId('ad-card').getByRole('alert')).toContainText('Please Watch the Full Ad');
  await expect(page.getByTestId('ad-timer')).toHaveText('The ad is over.', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Shorten my wait' }).click();
  const reduced = page.getByTestId('ad-reduced');
  await expect(reduced).toBeVisible();
  const hours = Number(/removed (\d+) hours/.exec((await reduced.textContent()) ?? '')?.[1]);
  expect(hours).toBeGreaterThanOrEqual(12);
  expect(hours).toBeLessThanOrEqual(24);
  await expect(page.getByTestId('hours-left')).toHaveText(
    new RegExp(`^(${719 - hours}|${720 - hours}) hours left$`),
  );
  const again = await page.evaluate(async (token) => {
    const response = await fetch('/api/ad/start', { method: 'POST', headers: { 'ba-user-token': token } }); // in the page
    return ((await response.json()) as { data: { error?: string } }).data.error;
  }, user.token);
  expect(again).toBe('ads.already_today');
  await screenshot(page, 'en', 'withdraw-status');

  // Time passes: the server's clock moves 31 days on (a restart with the clock ahead). The session
  // (30 days) has expired by then, so the user signs in again and finds the payment final.
  await server.restart({ CLOCK_OFFSET_SECONDS: String(31 * 86_400) });
  await page.goto(`${server.url}/withdraw/status`);
  await expect(page).toHaveURL(/\/\?/);
  await page.getByLabel('Username or e-mail').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).last().click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`${server.url}/withdraw/status`);
  const record = page.getByTestId('withdraw-record');
  await expect(async () => {
    await page.reload();
    await expect(record).toContainText('Withdrawal Successful', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const { rows } = await server.db.query<{
    id: string;
    tx_hash: string;
    status: string;
    delivered_amount: string;
  }>(
    `select id::text, tx_hash, status, delivered_amount::text from withdrawals
      where user_id = (select id from users where username_key = $1)`,
    [user.username.toLowerCase()],
  );
  expect(rows).toEqual([
    {
      id: expect.any(String),
      tx_hash: expect.stringMatching(/^[0-9A-F]{64}$/),
      status: 'success',
      delivered_amount: '1500000000',
    },
  ]);
  // The payout's push links to this record: the link marks it.
  await page.goto(`${server.url}/withdraw/status#withdrawal-${rows[0]?.id}`);
  await expect(page.locator(`#withdrawal-${rows[0]?.id}`)).toHaveClass(/record-target/);
  await expect(page.getByTestId('tx-hash')).toHaveText(rows[0]?.tx_hash ?? '');
  // One signed payment (the job may send the same blob again until it is validated: same hash).
  const paid = submitted.filter((tx) => tx['DestinationTag'] === 4242);
  expect(new Set(paid.map((tx) => tx['hash']))).toEqual(new Set([rows[0]?.tx_hash]));
  expect(paid[0]).toMatchObject({ Destination: BITSTAMP, Amount: '150000000' });
  const ledger = await ledgerOf(server.db, user.username);
  expect(ledger.total).toBe(0n);
  expect(ledger.entries.map((entry) => entry.kind)).toEqual(['gift', 'adjustment', 'withdrawal']);
  await screenshot(page, 'en', 'withdraw-paid');
});

test('no hidden conditions: every rule the server enforces is on the withdraw screen and on Landing', async ({
  page,
  browser,
}) => {
  // A server with every rule switched on.
  const strict = await startTestServer({
    WITHDRAW_REQUIRED_INVITATIONS: '2',
    WITHDRAW_REQUIRE_PHONE: 'true',
  });
  try {
    const user = await setUpUser(strict.url, strict.db);
    const response = await fetch(`${strict.url}/api/withdraw/rules`, {
      headers: { [TOKEN_HEADER]: user.token },
    });
    const { data } = (await response.json()) as { data: { rules: { id: string }[] } };
    expect(data.rules.map((rule) => rule.id)).toEqual([
      'min_balance',
      'address_saved',
      'bound_invitations',
      'phone_verified',
    ]);
    await openApp(page, strict.url, user, '/home/withdraw', { worker: false });
    for (const rule of data.rules) {
      await expect(page.getByTestId('withdraw-rules').locator(`[data-rule="${rule.id}"]`)).toBeVisible();
    }
    await screenshot(page, 'en', 'withdraw-all-rules');

    const visitor = await browser.newPage();
    await visitor.goto(`${strict.url}/landing`);
    for (const rule of data.rules) {
      await expect(visitor.getByTestId('withdraw-rules').locator(`[data-rule="${rule.id}"]`)).toBeVisible();
    }
    await visitor.close();
  } finally {
    await strict.stop();
  }
});

test('no fabricated activity: with no paid withdrawal no notice appears in 60 s of browsing; with three, only those three', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fresh = await startTestServer();
  try {
    const user = await setUpUser(fresh.url, fresh.db);
    // Everything the notice ever says, recorded in the page as it appears.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { recentSeen: seen });
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="recent-withdrawal"]')?.textContent;
        if (text && !seen.includes(text)) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const seen = () => page.evaluate(() => (window as unknown as { recentSeen: string[] }).recentSeen);
    // Seconds of browsing pass on the page's clock, one at a time so that every notice that shows is
    // rendered (and recorded) before the next second.
    const browse = async (seconds: number) => {
      const tabs = ['Mine', 'Invite', 'Home'];
      for (let i = 0; i < seconds / 5; i++) {
        await page.getByRole('link', { name: tabs[i % tabs.length] }).click();
        for (let second = 0; second < 5; second++) await page.clock.runFor(1_000);
      }
    };

    await page.clock.install();
    await openApp(page, fresh.url, user, '/home', { worker: false });
    await browse(60);
    expect(await seen()).toEqual([]);

    // Three withdrawals really paid (as the payout job records them).
    const payees = ['paula', 'quentin', 'rosalind'];
    for (const [i, name] of payees.entries()) {
      await fetch(`${fresh.url}/api/user/checkIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          tab: 'register',
          username: name,
          password: PASSWORD,
          confirm_password: PASSWORD,
        }),
      });
      await fresh.db.query(
        `insert into withdrawals (user_id, amount, address, tag, status, created_at, tx_hash, delivered_amount, settled_at)
         select id, $2, 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B', $3, 'success', now() - interval '30 days', $4, $2, now()
           from users where username_key = $1`,
        [name, BigInt(101 + i) * 10n ** 7n, String(i + 1), String(i).repeat(64)],
      );
    }
    await page.reload();
    await browse(45);
    const texts = await seen();
    expect(texts.length).toBeGreaterThanOrEqual(3);
    const shown = new Set(texts.map((text) => /^(\S+) withdrew (\d+) XRP/.exec(text)?.slice(1, 3).join(' ')));
    expect(shown).toEqual(new Set(['pa***a 101', 'qu***n 102', 'ro***d 103']));
  } finally {
    await fresh.stop();
  }
});
