import { expect, test } from '@playwright/test';
import { createStaffWithCli, enterPassword, firstSignIn } from '../support/staff.ts';

// A member who lost their phone (the authenticator app) and their recovery codes cannot sign in.
// An admin resets their sign-in: a new first password, and the member sets up an app again.

test('an admin resets the sign-in of a member who lost their app; the member signs in with the new password and sets up an app again', async ({ page, browser }) => {
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
  const panel = row.getByRole('form', { name: `Reset the sign-in of ${lost.name}` });
  await panel.getByLabel('New first password').fill('Found-Again-2026');
  await panel.getByRole('button', { name: 'Yes, reset the sign-in' }).click();
  await expect(row.getByRole('status')).toHaveText(`Sign-in reset. Give ${lost.name} the new password privately.`);
  await expect(row.getByRole('cell', { name: /^Not yet/ })).toBeVisible();

  // The member's session has ended: their back office, opened again, asks them to sign in; the new password sets up an app again.
  await member.goto('/admin');
  await expect(member.getByText('Your back-office session has ended. Please sign in again.')).toBeVisible();
  await enterPassword(member, { ...lost, password: 'Found-Again-2026' });
  await expect(member.getByTestId('totp-secret')).toBeVisible();
  await memberContext.close();
});
