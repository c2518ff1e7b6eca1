import { expect, test } from './fixtures.ts';
import { openApp } from './offline-support.ts';
import { signInOnEntryPage } from './support.ts';

// Accountable enforcement (docs/product-rules.md#accountable-enforcement): a ban carries its recorded
// reason and time. A device signed in when it comes is told its account was locked (not that its
// sign-in expired), and signing in shows the reason and the time.

test('a banned user is told why and since when', async ({ page, server, user }) => {
  await openApp(page, server.url, user, '/home', { worker: false });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Daily tasks');
  // What `npm run ops -- users ban <user> <reason>` records.
  await server.db.query(
    `insert into account_locks (user_id, reason, created_at) select id, $2, now() from users where username_key = $1`,
    [user.username.toLowerCase(), 'Invited 40 accounts of his own'],
  );
  await page.reload();
  await expect(page).toHaveURL(/\/\?notice=account_banned$/);
  await expect(page.getByText('This account has been locked; sign in to see why')).toBeVisible();
  await page.goto(`${server.url}/?tab=login`);
  await signInOnEntryPage(page, user.username);
  await expect(page.getByRole('alert')).toContainText('Account is locked');
  await expect(page.getByTestId('lock-reason')).toContainText(
    'Reason: Invited 40 accounts of his own. Since',
  );
});
