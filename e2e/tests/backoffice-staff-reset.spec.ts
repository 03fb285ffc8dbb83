import { expect, test } from '@playwright/test';
import { choosePasswordWithLink, createStaffWithCli, enterPassword, firstSignIn } from '../support/staff.ts';

// A member who lost their phone (the authenticator app) and their recovery codes cannot sign in.
// An admin resets their sign-in: the member is mailed a link to choose a new password (the admin
// never knows it), and sets up an app again.

test('an admin resets the sign-in of a member who lost their app; the member chooses a new password with the mailed link and sets up an app again', async ({ page, browser }) => {
  const run = `${Date.now()}`.slice(-6);
  const admin = createStaffWithCli('admin', `Ros Reset ${run}`);
  const lost = createStaffWithCli('support', `Lou Lost ${run}`);
  // The member has signed in before: their app is set up.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await firstSignIn(member, lost);

  await firstSignIn(page, admin);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  const row = page.getByRole('row', { name: lost.name });
  await expect(row.getByRole('cell', { name: /^Set up/ })).toBeVisible();
  await row.getByRole('button', { name: `Reset the sign-in of ${lost.name}` }).click();
  await row.getByRole('group', { name: `Reset the sign-in of ${lost.name}` }).getByRole('button', { name: 'Yes, reset the sign-in' }).click();
  await expect(row.getByRole('status')).toHaveText(`Sign-in reset. We have emailed ${lost.name} a link to choose a new password (it works for 3 days).`);
  await expect(row.getByRole('cell', { name: /^Not yet/ })).toBeVisible();

  // The member's session has ended: their back office, opened again, asks them to sign in, and
  // their old password no longer works.
  await member.goto('/admin');
  await expect(member.getByText('Your back-office session has ended. Please sign in again.')).toBeVisible();
  await enterPassword(member, lost);
  await expect(member.getByRole('alert')).toHaveText('The email address or password you entered is incorrect.');
  // The mailed link: a password of their own, then an app set up again.
  await choosePasswordWithLink(member, lost, 'Found-Again-Own-2026');
  await member.getByRole('link', { name: 'Sign in to the back office' }).click();
  await enterPassword(member, lost);
  await expect(member.getByTestId('totp-secret')).toBeVisible();
  await memberContext.close();
});
