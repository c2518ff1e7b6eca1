import { API, IDEMPOTENCY_HEADER, TOKEN_HEADER } from '#contract/paths.ts';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import { expect, test } from './fixtures.ts';
import { setUpUser } from './offline-support.ts';
import { screenshot } from './support.ts';

// The server renders Home with the account's data (docs/decisions/012-home-rendered-with-the-accounts-data.md).
// Its one time of day, when the next interest claim opens, must be the device's: rendered in the
// server's zone, the page would show another hour until the app took over, and the app's first
// render would not match the page it takes over.

const runnerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
// A zone other than the server's (which is the runner's), nine hours or more from UTC.
const DEVICE_ZONE = runnerZone === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';

test.use({ timezoneId: DEVICE_ZONE });

let server: TestServer;

test.beforeAll(async () => {
  server = await startTestServer({ DEMO_TASK_SECONDS: '1', TASKS_PER_DAY: '1' });
});

test.afterAll(async () => {
  await server?.stop();
});

async function api(path: string, token: string, body?: unknown, key?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      [TOKEN_HEADER]: token,
      ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { code: number; data: Record<string, unknown> };
}

test("a Home the server rendered shows the next claim in the device's time zone, as the app does", async ({
  page,
}) => {
  const user = await setUpUser(server.url, server.db, { start: 1, address: true });
  const [task] = user.tasks;
  if (!task) throw new Error('the day has no task');
  const answers = Object.fromEntries(task.questions.map((q) => [q.id, q.options[0]?.id ?? '']));
  // The task's second passes on the server's clock: asked again, as a new request, until it is done.
  let tries = 0;
  await expect(async () => {
    const done = await api(API.taskComplete, user.token, { task_id: task.id, answers }, `done-${++tries}`);
    expect(done, JSON.stringify(done)).toMatchObject({ code: 1 });
  }).toPass({ intervals: [200], timeout: 10_000 });
  const claimed = await api(API.claimInterest, user.token, {}, `interest-${user.username}`);
  expect(claimed, JSON.stringify(claimed)).toMatchObject({ code: 1 });
  const reward = (await api(API.dailyReward, user.token)).data as { next_claim_time: number };
  const info = (await api(API.userInfo, user.token)).data['userInfo'] as { account_id: string };
  const shown = new Intl.DateTimeFormat('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: DEVICE_ZONE,
  }).format(reward.next_claim_time * 1000);
  const sentence = `Claimed today. The next claim opens ${shown}.`;

  await page.addInitScript(
    ([token, account]) => {
      localStorage.setItem('earnest.token', token);
      localStorage.setItem('earnest.account', account);
    },
    [user.token, info.account_id] as const,
  );
  // The boot script of any page writes the cookies; from here the app's code is kept out, so what
  // shows is the server's page.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`${server.url}/landing`);
  const zone = (await page.context().cookies()).find((c) => c.name === 'earnest-time-zone');
  expect(zone).toMatchObject({ value: encodeURIComponent(DEVICE_ZONE), path: '/home', sameSite: 'Strict' });
  await page.goto(`${server.url}/home`);
  await expect(page.locator('html')).toHaveAttribute('data-account', info.account_id);
  await expect(page.getByTestId('interest-card')).toContainText(sentence);

  // The app takes over the page with the same sentence (a different one would be a console error
  // of the takeover, which fails the test too).
  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByTestId('interest-card')).toContainText(sentence);
  await screenshot(page, 'en', 'home-claimed-device-time-zone');
});
