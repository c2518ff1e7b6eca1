import { expect, test } from '@playwright/test';
import { PASSWORD, registerInBrowser, screenshot, uniqueName } from './support.ts';

// Two people, two browsers: A invites B and C by link; only B binds a wallet, so only B raises A's rate.

test('an invitee who binds a wallet raises the inviter rate by the step; one who does not, does not', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await browser.newContext();
  const pageA = await a.newPage();
  await registerInBrowser(pageA, uniqueName('inviter'));
  await pageA.getByRole('link', { name: 'Invite' }).click();
  const link = (await pageA.getByTestId('invite-link').textContent()) ?? '';
  expect(link).toMatch(/\/\?invite=\w+$/);
  await expect(pageA.getByTestId('invite-rate')).toHaveText('5%');
  await expect(pageA.getByText('No one has joined with your code yet.')).toBeVisible();

  // B and C open the link: the code is filled in; they register.
  const friends = [uniqueName('bound'), uniqueName('unbound')];
  for (const name of friends) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByLabel(/Invitation code/)).toHaveValue(
      new URL(link).searchParams.get('invite') ?? '',
    );
    await page.getByLabel('Username or e-mail').fill(name);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Register' }).last().click();
    await expect(page).toHaveURL(/\/home$/);
    if (name === friends[0]) {
      // B binds a wallet: saves an exchange address.
      await page.goto('/home/withdraw');
      await page.getByLabel('XRP deposit address').fill('rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh');
      await page.getByLabel('Destination tag').fill(String(Math.floor(Math.random() * 4_000_000_000)));
      await page.getByRole('button', { name: 'Check and save' }).click();
      await page.getByRole('button', { name: 'Save it' }).click();
      await expect(page.getByTestId('saved-address')).toBeVisible();
    }
    await context.close();
  }

  await pageA.reload();
  const list = pageA.getByTestId('invite-list');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: friends[0] })).toContainText(
    'Wallet bound: counts',
  );
  await expect(list.getByRole('listitem').filter({ hasText: friends[1] })).toContainText(
    'Wallet not bound yet',
  );
  await expect(pageA.getByTestId('invite-rate')).toHaveText('6%');
  await expect(pageA.getByTestId('invite-progress')).toContainText('1 friend has bound a wallet.');
  await expect(pageA.getByTestId('invite-rules')).toContainText('adds 1%, up to 20%');
  await screenshot(pageA, 'en', 'invite');
  await pageA.getByRole('link', { name: 'Mine' }).click();
  await expect(pageA.getByText('6%')).toBeVisible();
  await a.close();
});
