import { expect, test } from './fixtures.ts';
import { startFakeTurnstile, type FakeTurnstile } from '#tests/fakes/fake-turnstile.ts';
import { startTestServer, type TestServer } from '#tests/helpers/e2e-server.ts';
import { PASSWORD, uniqueName } from './support.ts';

// The bot challenge on registration, with a Turnstile fake that serves the widget script and
// siteverify on 127.0.0.1: the widget renders, hands over its token, the server checks it.

let turnstile: FakeTurnstile;
let server: TestServer;

test.beforeAll(async () => {
  turnstile = await startFakeTurnstile();
  server = await startTestServer({
    TURNSTILE_SITE_KEY: 'site-key',
    TURNSTILE_SECRET: 'test-secret',
    TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
    TURNSTILE_SCRIPT_URL: turnstile.scriptUrl,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await turnstile?.close();
});

test('registration shows the bot challenge and the server verifies its token', async ({ page }) => {
  await page.goto(`${server.url}/?tab=register`);
  await expect(page.getByTestId('fake-turnstile')).toBeVisible();
  await page.getByLabel('Username or e-mail').fill(uniqueName('human'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Register' }).last().click();
  await expect(page).toHaveURL(/\/home$/);
  expect(turnstile.verifications.at(-1)).toMatchObject({ secret: 'test-secret', response: 'pass' });
});
