import { expect, test } from './fixtures.ts';
import { PASSWORD, registerInBrowser, signInOnEntryPage, uniqueName } from './support.ts';
import { API, TOKEN_HEADER } from '#contract/paths.ts';

test('a new user registers, stays signed in across a reload, signs out and signs in again', async ({
  page,
}) => {
  const username = uniqueName('journey');
  await registerInBrowser(page, username);
  await expect(page.getByRole('heading', { name: 'Daily tasks' })).toBeVisible();
  await expect(page).toHaveTitle('Daily tasks · Earnest');

  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Daily tasks' })).toBeVisible();

  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/home\/mine$/);
  await expect(page.getByText(username)).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('0 XRP');
  await expect(page.getByTestId('annual-rate')).toHaveText('5%');

  await page.getByRole('button', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('earnest.token'))).toBeNull();

  await signInOnEntryPage(page, username);
  await expect(page).toHaveURL(/\/home$/);
});

test('the entry page shows the validation messages before sending anything', async ({ page }) => {
  await page.goto('/?tab=register');
  const submit = page.locator('form').getByRole('button', { name: 'Register' }).last();
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all information');
  await page.getByLabel('Username or e-mail').fill('someone@');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abd');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email format');
  await page.getByLabel('Username or e-mail').fill('someone');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  // The error stands by the field it is about, and a screen reader hears it with the field.
  const confirm = page.getByLabel('Confirm password');
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toHaveAccessibleDescription('Passwords do not match');
  await expect(page.getByLabel('Username or e-mail')).not.toHaveAttribute('aria-invalid');
  await confirm.fill('abc');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');
});

test('a wrong password is refused without saying whether the account exists', async ({ page }) => {
  await page.goto('/');
  await signInOnEntryPage(page, uniqueName('nobody'), 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password');
});

test('signed-out visitors are sent to the entry page with "Please log in first"', async ({ page }) => {
  for (const path of [
    '/home',
    '/home/mine',
    '/home/withdraw',
    '/home/invite',
    '/withdraw/status',
    '/withdraw/kyc',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/\?notice=login_required$/);
    await expect(page.getByRole('alert')).toHaveText('Please log in first');
  }
});

test('a session revoked elsewhere signs the device out with "Login expired"', async ({ page, request }) => {
  await registerInBrowser(page, uniqueName('expired'));
  const token = await page.evaluate(() => localStorage.getItem('earnest.token'));
  expect(token).toBeTruthy();
  // The session ends on the server (as after a logout on another device or an expiry).
  const logout = await request.post('/api/user/logout', { headers: { [TOKEN_HEADER]: token ?? '' } });
  expect(logout.status()).toBe(200);

  // The next request the app makes (here: the reload's) meets the refused session.
  await page.reload();
  await expect(page).toHaveURL(/\/\?notice=session_expired$/);
  await expect(page.getByRole('alert')).toHaveText('Login expired, please log in again');
  expect(await page.evaluate(() => localStorage.getItem('earnest.token'))).toBeNull();
});

test('a device signed out from another one says so, not that its sign-in expired', async ({
  page,
  request,
}) => {
  const username = uniqueName('elsewhere');
  await registerInBrowser(page, username);
  // The same account signs in on another device and signs every other device out.
  const other = await request.post(API.checkIn, { data: { tab: 'login', username, password: PASSWORD } });
  const { data } = (await other.json()) as { data: { userInfo: { token: string } } };
  const revoke = await request.post(API.revokeOtherDevices, {
    headers: { [TOKEN_HEADER]: data.userInfo.token },
    data: {},
  });
  expect(revoke.status()).toBe(200);

  await page.reload();
  await expect(page).toHaveURL(/\/\?notice=signed_out_elsewhere$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This device was signed out from another device; please sign in again',
  );
});

test('an invitation link fills in the code and the inviter sees the new friend', async ({
  page,
  request,
}) => {
  const inviter = uniqueName('inviter');
  const registered = await request.post('/api/user/checkIn', {
    data: { tab: 'register', username: inviter, password: PASSWORD, confirm_password: PASSWORD },
  });
  const { token, invite_code } = (
    (await registered.json()) as { data: { userInfo: { token: string; invite_code: string } } }
  ).data.userInfo;

  await page.goto(`/?invite=${invite_code}`);
  await expect(page.getByLabel('Invitation code (optional)')).toHaveValue(invite_code);
  await registerInBrowser(page, uniqueName('friend'), { inviteCode: invite_code });

  const info = await request.get('/api/account/userInfo', { headers: { [TOKEN_HEADER]: token } });
  expect(
    ((await info.json()) as { data: { userInfo: { invite_count: number } } }).data.userInfo.invite_count,
  ).toBe(1);
});

test('an invitation code that reads as a number stays the code', async ({ page }) => {
  // The router once read search values as JSON: 124E0979 became Infinity, 12345678 a number.
  for (const code of ['124E0979', '12345678']) {
    await page.goto(`/?invite=${code}`);
    await expect(page.getByLabel('Invitation code (optional)')).toHaveValue(code);
  }
});

test('a name already registered offers to sign in instead, and the password can be shown', async ({
  page,
  request,
}) => {
  const username = uniqueName('taken');
  await request.post('/api/user/checkIn', {
    data: { tab: 'register', username, password: PASSWORD, confirm_password: PASSWORD },
  });
  await page.goto('/?tab=register');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Show what you typed' }).first().click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Register' }).last().click();
  await expect(page.getByLabel('Username or e-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText('This name is taken — sign in instead?');
  await page.getByRole('button', { name: 'sign in instead?' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', pressed: true })).toBeVisible();
  await page.locator('form').getByRole('button', { name: 'Sign in' }).last().click();
  await expect(page).toHaveURL(/\/home$/);
});
