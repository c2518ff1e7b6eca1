import { expect, test } from './fixtures.ts';
import { ledgerOf, openApp, setUpUser } from './offline-support.ts';
import { screenshot } from './support.ts';

// Phone verification in the browser, through the SMS adapter and a fake HTTP SMS provider.

test('a user verifies a phone with the SMS code and receives the one-time bonus', async ({
  server,
  sms,
  page,
}) => {
  const user = await setUpUser(server.url, server.db);
  await openApp(page, server.url, user, '/withdraw/kyc', { worker: false });
  await expect(page.getByTestId('code-warning')).toContainText(
    'never asks you to type this code anywhere else',
  );

  await page.getByLabel('Phone number with country code').fill('12345');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid phone number.');

  await page.getByLabel('Phone number with country code').fill('+44 7400 555123');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByTestId('kyc-pending')).toContainText('5 tries left');
  const text = sms.messages.at(-1)?.text ?? '';
  expect(text.split('\n').at(-1)).toMatch(/^@127\.0\.0\.1 #\d{6}$/);
  await screenshot(page, 'en', 'kyc-pending');

  await page
    .getByLabel('6-digit code')
    .fill(sms.lastCode('+447400555123') === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Verification failed');
  await expect(page.getByTestId('kyc-pending')).toContainText('4 tries left');

  await page.getByLabel('6-digit code').fill(sms.lastCode('+447400555123') ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('kyc-verified')).toContainText('one-time bonus of 100 XRP was credited');
  const ledger = await ledgerOf(server.db, user.username);
  expect(ledger.count('phone_bonus')).toBe(1);
  await screenshot(page, 'en', 'kyc-verified');
});
