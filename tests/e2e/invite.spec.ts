import { expect, test } from './fixtures.ts';
import { PASSWORD, registerInBrowser, saveAnyAddress, screenshot, uniqueName } from './support.ts';

// Two people, two browsers: A invites B and C by link. Under the default rule an invitation counts once the
// friend has verified a phone (docs/product-rules.md#invitations): B verifies, C only saves a withdrawal address, so only
// B raises A's rate, and A sees each friend's standing under masked names.

test('an invitee who verifies a phone raises the inviter rate by the step; one who only saves a withdrawal address does not', async ({
  server,
  sms,
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await browser.newContext({ baseURL: server.url });
  const pageA = await a.newPage();
  await registerInBrowser(pageA, uniqueName('inviter'));
  await pageA.getByRole('link', { name: 'Invite' }).click();
  const link = (await pageA.getByTestId('invite-link').textContent()) ?? '';
  expect(link).toMatch(/\/\?invite=\w+$/);
  await expect(pageA.getByTestId('invite-rate')).toHaveText('5%');
  await expect(pageA.getByText('No one has joined with your code yet.')).toBeVisible();
  await expect(pageA.getByTestId('invite-rules')).toContainText('verifies a phone number');

  // B and C open the link: the code is filled in; they register. B verifies a phone, C saves a withdrawal address.
  for (const role of ['phone', 'wallet'] as const) {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByLabel(/Invitation code/)).toHaveValue(
      new URL(link).searchParams.get('invite') ?? '',
    );
    await page.getByLabel('Username or e-mail').fill(uniqueName(role));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Register' }).last().click();
    await expect(page).toHaveURL(/\/home$/);
    if (role === 'phone') {
      await page.goto('/withdraw/kyc');
      await page.getByLabel('Phone number with country code').fill('+44 7400 555124');
      await page.getByRole('button', { name: 'Send the code' }).click();
      await expect(page.getByTestId('kyc-pending')).toBeVisible();
      await page.getByLabel('6-digit code').fill(sms.lastCode('+447400555124') ?? '');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByTestId('kyc-verified')).toBeVisible();
    } else {
      await saveAnyAddress(page);
      await expect(page.getByTestId('saved-address')).toBeVisible();
    }
    await context.close();
  }

  await pageA.reload();
  const rows = pageA.getByTestId('invite-list').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  // Names are masked: "ph***4", never the friend's whole name.
  await expect(rows.filter({ hasText: /^ph\*\*\*/ })).toContainText('Counts');
  await expect(rows.filter({ hasText: /^wa\*\*\*/ })).toContainText('Does not count yet');
  await expect(pageA.getByTestId('invite-list')).not.toContainText('phone');
  await expect(pageA.getByTestId('invite-rate')).toHaveText('6%');
  await expect(pageA.getByTestId('invite-progress')).toContainText('1 invitation counts.');
  await expect(pageA.getByTestId('invite-rules')).toContainText('adds 1%, up to 20%');
  await screenshot(pageA, 'en', 'invite');
  await pageA.getByRole('link', { name: 'Account' }).click();
  await expect(pageA.getByText('6%')).toBeVisible();
  await a.close();
});
