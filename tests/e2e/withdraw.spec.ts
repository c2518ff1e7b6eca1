import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import { ledgerOf, openApp, registerViaApi, setUpUser, type TestUser } from './offline-support.ts';
import { startServerOnRippled, stopServerOnRippled, type RippledProcess } from './rippled-process.ts';
import { KRAKEN, PASSWORD, saveAddress, screenshot, signInOnEntryPage } from './support.ts';
import { TOKEN_HEADER } from '#contract/paths.ts';

// Withdrawing for real, against a fake rippled on 127.0.0.1 that keeps its own ledger:
// the address rules, the one rule list (docs/product-rules.md#no-hidden-conditions), the withdrawal, the daily ad, the payout once the
// waiting period is over, and the recent-withdrawals notice fed only by real payouts (docs/product-rules.md#no-fabricated-activity).

test.use({ serviceWorkers: 'block' });

const BITSTAMP = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B';
const BINANCE = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';

let rippled: RippledProcess;
let server: TestServer;
/** Payments the fake rippled received, as it reported them. */
let submitted: Record<string, unknown>[] = [];

test.beforeAll(async () => {
  ({ rippled, server } = await startServerOnRippled({ PAYOUT_INTERVAL_SECONDS: '1', AD_SECONDS: '3' }));
  submitted = rippled.submitted;
});

test.afterAll(() => stopServerOnRippled(server, rippled));

/** Credits the user as an operator adjustment would: one ledger entry. */
async function credit(user: TestUser, xrpAmount: number) {
  await server.db.query(
    `insert into ledger_entries (user_id, kind, amount, idempotency_key, reference, created_at)
     select id, 'adjustment', $2, 'e2e-' || id, 'e2e-' || id, now() from users where username_key = $1`,
    [user.username.toLowerCase(), BigInt(xrpAmount) * 10n ** 7n],
  );
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
    body: JSON.stringify({ walletaddress: BINANCE, tag: '777', password: PASSWORD }),
  });

  await openApp(page, server.url, user, '/home/withdraw', { worker: false });
  const rules = page.getByTestId('withdraw-rules');
  await expect(rules.locator('[data-rule="min_balance"]')).toContainText('you have 150 XRP');
  await expect(rules.locator('[data-rule="address_saved"]')).toHaveClass(/is-unmet/);
  await expect(page.getByRole('button', { name: 'Withdraw all XRP' })).toBeDisabled();
  await expect(page.getByTestId('exchange-list')).toContainText('Bitstamp');
  // The exchanges' own shared accounts are not offered as something to copy.
  await expect(page.getByTestId('exchange-list')).not.toContainText(BITSTAMP);

  // Every check comes before the confirmation: a bad checksum, an exchange not supported, an address and
  // tag another account holds are refused without ever asking "Save this address?".
  await saveAddress(page, `${BITSTAMP.slice(0, -1)}C`, '1');
  await expect(page.getByRole('alert')).toContainText('This is not a valid XRP address');
  await saveAddress(page, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', '1');
  await expect(page.getByRole('alert')).toContainText('it does not belong to a supported exchange');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await saveAddress(page, BINANCE, '777');
  await expect(page.getByRole('alert')).toContainText('Another account already saved this address and tag');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await saveAddress(page, BITSTAMP, '4242');
  await expect(page.getByTestId('confirm-address')).toHaveText(BITSTAMP);
  await expect(page.getByRole('dialog')).toContainText('This is a Bitstamp deposit address');
  await page.getByRole('button', { name: 'Save it' }).click();
  await expect(page.getByText('Address saved')).toBeVisible();
  await expect(page.getByTestId('saved-address')).toContainText(BITSTAMP);
  await expect(rules.locator('[data-rule="address_saved"]')).toHaveClass(/is-met/);
  await screenshot(page, 'en', 'withdraw-ready');

  await page.getByRole('button', { name: 'Withdraw all XRP' }).click();
  await expect(page.getByRole('dialog')).toContainText('150 XRP');
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page).toHaveURL(/\/withdraw\/status$/);
  await expect(page.getByTestId('time-left')).toHaveText(timeLeft(720));
  expect((await ledgerOf(server.db, user.username)).total).toBe(0n);

  // The daily ad: the full length first, then 12 to 24 hours off; a second one the same day is refused.
  await page.getByRole('button', { name: 'Watch the ad' }).click();
  await expect(page.getByTestId('house-ad')).toBeVisible();
  // Until the ad has run its length the button is disabled with the seconds inside: no error to meet.
  await expect(page.getByRole('button', { name: /^Shorten my wait \(\d+ s\)$/ })).toBeDisabled();
  await expect(page.getByTestId('ad-card').getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('ad-timer')).toHaveText('The ad is over.', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Shorten my wait' }).click();
  const reduced = page.getByTestId('ad-reduced');
  await expect(reduced).toBeVisible();
  const hours = Number(/removed (\d+) hours/.exec((await reduced.textContent()) ?? '')?.[1]);
  expect(hours).toBeGreaterThanOrEqual(12);
  expect(hours).toBeLessThanOrEqual(24);
  await expect(page.getByTestId('time-left')).toHaveText(timeLeft(720 - hours));
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
  await signInOnEntryPage(page, user.username);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`${server.url}/withdraw/status`);
  const record = page.getByTestId('withdraw-record');
  await expect(async () => {
    await page.reload();
    await expect(record).toContainText('Withdrawal Successful', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // Requested 31 days ago and paid now: the record under "last 7 days" says both, apart.
  const requestedLine = (await record.locator('p').first().textContent()) ?? '';
  const paidLine = (await record.getByTestId('paid-time').textContent()) ?? '';
  expect(requestedLine).toContain('Requested');
  expect(paidLine).toMatch(/^Paid /);
  expect(paidLine.replace('Paid ', '')).not.toBe(requestedLine.split('Requested ')[1]);
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
  // Linked to the ledger's explorer, as History links it.
  await expect(page.getByRole('link', { name: rows[0]?.tx_hash ?? '' })).toHaveAttribute(
    'href',
    new RegExp(`${rows[0]?.tx_hash}$`),
  );
  // One signed payment (the job may send the same blob again until it is validated: same hash).
  const paid = submitted.filter((tx) => tx['DestinationTag'] === 4242);
  expect(new Set(paid.map((tx) => tx['hash']))).toEqual(new Set([rows[0]?.tx_hash]));
  expect(paid[0]).toMatchObject({ Destination: BITSTAMP, Amount: '150000000' });
  const ledger = await ledgerOf(server.db, user.username);
  expect(ledger.total).toBe(0n);
  expect(ledger.entries.map((entry) => entry.kind)).toEqual(['gift', 'adjustment', 'withdrawal']);
  await screenshot(page, 'en', 'withdraw-paid');

  // Mine → History: every entry, the paid withdrawal linked to its ledger transaction, and a CSV whose
  // amounts sum to the balance shown (0 after "withdraw all").
  await page.goto(`${server.url}/home/mine`);
  await page.getByTestId('history-link').click();
  await expect(page).toHaveURL(/\/history$/);
  const history = page.getByTestId('history-list').getByRole('listitem');
  await expect(history).toHaveCount(3);
  await expect(history.first()).toContainText('−150 XRP');
  await expect(history.first().getByRole('link')).toHaveAttribute('href', new RegExp(`${rows[0]?.tx_hash}$`));
  await expect(history.last()).toContainText('+30 XRP');
  await screenshot(page, 'en', 'history');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  expect(header).toBe('id,time_utc,kind,amount_xrp,task_id,withdrawal_id,tx_hash');
  expect(lines).toHaveLength(3);
  const drops = lines.reduce((sum, line) => sum + BigInt((line.split(',')[3] ?? '0').replace('.', '')), 0n);
  expect(drops).toBe(0n);
});

test('a user changes the address: the password, then a 72-hour hold that every device shows', async ({
  browser,
}) => {
  const user = await setUpUser(server.url, server.db);
  await credit(user, 120);
  const phone = await browser.newPage();
  const laptop = await browser.newPage();
  await openApp(phone, server.url, user, '/home/withdraw', { worker: false });
  await saveAddress(phone, KRAKEN, '5151');
  await phone.getByRole('button', { name: 'Save it' }).click();
  await expect(phone.getByTestId('saved-address')).toContainText('Kraken deposit address');
  await openApp(laptop, server.url, user, '/home/withdraw', { worker: false });
  await expect(laptop.getByTestId('saved-address')).toContainText(KRAKEN);

  await phone.getByRole('button', { name: 'Change address' }).click();
  const form = phone.getByTestId('change-address');
  await form.getByLabel('XRP deposit address').fill(BINANCE);
  await form.getByLabel('Destination tag').fill('5152');
  await form.getByRole('button', { name: 'Check and change' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter your password to change the address.');
  await form.getByLabel('Your password').fill('not-my-password');
  await form.getByRole('button', { name: 'Check and change' }).click();
  await phone.getByRole('button', { name: 'Change it' }).click();
  await expect(form.getByRole('alert')).toHaveText('The password is not correct');
  await form.getByLabel('Your password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Check and change' }).click();
  await expect(phone.getByRole('dialog')).toContainText('No withdrawal can start for 72 hours');
  await phone.getByRole('button', { name: 'Change it' }).click();
  await expect(phone.getByTestId('address-hold')).toContainText('No withdrawal can start before');
  await expect(phone.getByTestId('saved-address')).toContainText(BINANCE);
  await expect(phone.getByTestId('withdraw-rules').locator('[data-rule="address_settled"]')).toHaveClass(
    /is-unmet/,
  );
  await expect(phone.getByRole('button', { name: 'Withdraw all XRP' })).toBeDisabled();
  await screenshot(phone, 'en', 'withdraw-address-held');

  // The other device hears of it from the server's state.
  await laptop.reload();
  await expect(laptop.getByTestId('address-hold')).toBeVisible();
  await laptop.getByText('Address changes').click();
  await expect(laptop.getByTestId('address-changes')).toContainText(KRAKEN);
  await phone.close();
  await laptop.close();
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
      const tabs = ['Account', 'Invite', 'Home'];
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
      await registerViaApi(fresh.url, name);
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

/** What the countdown reads with `hours` to go, or one hour fewer (a clock hour may tick over meanwhile). */
function timeLeft(hours: number): RegExp {
  const shown = (h: number) =>
    new Intl.DurationFormat('en', { style: 'short' }).format(
      h >= 24 ? { days: Math.floor(h / 24), hours: h % 24 } : { hours: h },
    );
  return new RegExp(`^(${shown(hours)}|${shown(hours - 1)}) left$`);
}
