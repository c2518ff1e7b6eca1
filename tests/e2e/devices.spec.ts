import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PASSWORD, registerInBrowser, saveAnyAddress, screenshot, uniqueName } from './support.ts';

// Device linking (docs/product-rules.md#device-linking-stays-inside-earnest) in two browsers: the new device shows a code, the signed-in one checks what it
// links and approves with the password; the new device is in, cannot change money settings for a
// day, and is signed out the moment the first device revokes it.

/** A signed-in device (a new account) and a signed-out one, each in its own browser context. */
async function ownerAndNewDevice(browser: Browser, name: string, newDeviceLocale = 'en') {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await registerInBrowser(ownerPage, uniqueName(name));
  const fresh = await browser.newContext({ locale: newDeviceLocale });
  const freshPage = await fresh.newPage();
  return { owner, ownerPage, fresh, freshPage };
}

/** The signed-in device opens Account → Link a device, enters `code` and approves it with the password. */
async function approve(ownerPage: Page, code: string, whatItLinks?: (dialog: Locator) => Promise<void>) {
  await ownerPage.getByRole('link', { name: 'Account' }).click();
  await ownerPage.getByRole('button', { name: 'Link a device' }).click();
  const dialog = ownerPage.getByRole('dialog');
  await dialog.getByLabel('Pairing code').fill(code);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await whatItLinks?.(dialog);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Approve this device' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a device is linked with a pairing code and the password, used, kept from money settings, and revoked', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { owner, ownerPage, fresh, freshPage } = await ownerAndNewDevice(browser, 'owner');
  await freshPage.goto('/');
  await freshPage.getByTestId('link-device').click();
  await expect(freshPage).toHaveURL(/\/link-device$/);
  const code = (await freshPage.getByTestId('pairing-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
  await expect(freshPage.getByTestId('pairing-countdown')).toContainText(/Valid for [45]:\d\d/);
  await expect(freshPage.getByRole('img', { name: 'QR code of the pairing code' })).toBeVisible();
  await freshPage.getByRole('button', { name: 'I have entered the pairing code' }).click();
  await expect(freshPage.getByText('Not approved yet.')).toBeVisible();
  await screenshot(freshPage, 'en', 'link-device');

  await approve(ownerPage, code.toLowerCase(), async (dialog) => {
    await expect(dialog.getByTestId('link-preview')).toContainText('Chrome');
    await expect(dialog).toContainText('Only approve a device you are holding now.');
  });

  // The new device finds the approval by itself and is signed in.
  await expect(freshPage).toHaveURL(/\/home$/, { timeout: 15_000 });
  await expect(freshPage.getByTestId('home-balance')).toBeVisible();
  // It cannot set the withdrawal address for 24 hours.
  await saveAnyAddress(freshPage);
  await expect(freshPage.getByRole('alert')).toContainText('linked less than 24 hours ago');

  // The first device is told, lists both, and signs the new one out.
  await ownerPage.reload();
  await expect(ownerPage.getByTestId('latest-link')).toContainText('was linked to your account');
  await expect(ownerPage.getByTestId('device-row')).toHaveCount(2);
  await screenshot(ownerPage, 'en', 'mine-devices');
  await ownerPage.getByRole('button', { name: 'Sign this device out' }).click();
  await expect(ownerPage.getByTestId('device-row')).toHaveCount(1);

  await freshPage.goto('/home/mine');
  // Told what happened, not that its sign-in expired.
  await expect(freshPage).toHaveURL(/\/\?notice=signed_out_elsewhere$/);
  await expect(freshPage.getByRole('alert')).toHaveText(
    'This device was signed out from another device; please sign in again',
  );
  await owner.close();
  await fresh.close();
});

test('an approval ends with the device that gave it: the new device then says its code can no longer be used', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { owner, ownerPage, fresh, freshPage } = await ownerAndNewDevice(browser, 'leaver', 'ar');
  // The new device is slow to ask (a weak connection): until the owner has signed out, it hears "waiting".
  let held = true;
  await freshPage.route('**/api/device/pairing/state', (route) =>
    held
      ? route.fulfill({ json: { code: 1, msg: 'ok', data: { state: 'waiting', token: null } } })
      : route.continue(),
  );
  await freshPage.goto('/link-device');
  const code = (await freshPage.getByTestId('pairing-code').textContent()) ?? '';

  await approve(ownerPage, code);
  await ownerPage.getByRole('button', { name: 'Sign out' }).click();
  await ownerPage
    .getByRole('dialog', { name: 'Sign out?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(ownerPage).toHaveURL(/\/(\?.*)?$/);

  held = false;
  await expect(freshPage.getByTestId('pairing-expired')).toBeVisible({ timeout: 10_000 });
  await expect(freshPage.getByTestId('pairing-code')).toHaveCount(0);
  await expect(freshPage.getByTestId('pairing-countdown')).toHaveCount(0);
  await expect(freshPage).toHaveURL(/\/link-device$/);
  await screenshot(freshPage, 'ar', 'link-device-ended');
  await owner.close();
  await fresh.close();
});

test('the code can be scanned with the camera where the browser reads QR codes', async ({ browser }) => {
  const context = await browser.newContext();
  // This Chromium has no QR decoder or camera: the page gets a canvas stream as the camera and a
  // decoder that reads the code the other device shows; everything after that is the app's own.
  await context.addInitScript(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    setInterval(() => canvas.getContext('2d')?.fillRect(0, 0, 64, Math.random() * 64), 50);
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: async () => canvas.captureStream(10) },
    });
    Object.assign(window, {
      BarcodeDetector: class {
        async detect() {
          return [{ rawValue: 'ABCDE-FGHJK' }];
        }
      },
    });
  });
  const page = await context.newPage();
  await registerInBrowser(page, uniqueName('scanner'));
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Link a device' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Scan the QR code' }).click();
  await expect(dialog.getByLabel('Pairing code')).toHaveValue('ABCDEFGHJK');
  await context.close();
});
