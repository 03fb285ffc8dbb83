import { expect, test } from '@playwright/test';
import { sql } from '../support/db.ts';
import { createStaffWithCli, firstSignIn } from '../support/staff.ts';

// A back-office session ends on the server after 30 idle minutes. A member half-way through a form
// signs in again over it and carries on: nothing typed is lost, nothing was sent meanwhile.

test('a session that ends while an admin fills a form: signed in again over it, the form is as they left it, and it saves', async ({ page }) => {
  const run = `${Date.now()}`.slice(-6);
  const admin = createStaffWithCli('admin', `Ida Idle ${run}`);
  const { recoveryCodes } = await firstSignIn(page, admin);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  const newEmail = `kept.${run}.${Math.floor(Math.random() * 1e6)}@cgg.test`;
  const form = page.getByRole('form', { name: 'Add a staff member' });
  await form.getByLabel('Email address').fill(newEmail);
  await form.getByLabel('Name').fill(`Kept Form ${run}`);
  await form.getByLabel('Role').selectOption('operator');

  // Thirty idle minutes, as the server counts them.
  await sql(
    `UPDATE staff_sessions SET last_used_at = now() - interval '31 minutes', expires_at = now() - interval '1 minute'
     WHERE stage = 'signed-in' AND staff_id = (SELECT id FROM staff WHERE email = $1)`,
    [admin.email],
  );
  await form.getByRole('button', { name: 'Add staff member' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toContainText('Your back-office session has ended. Please sign in again. What you had typed is still here.');
  await expect(dialog).toBeFocused();
  await expect(form.getByRole('alert')).toHaveText('Your session had ended, so nothing was done. Sign in again, then try again.');
  expect(await sql('SELECT 1 FROM staff WHERE email = $1', [newEmail])).toHaveLength(0);

  // Signed in again (a recovery code: the app's code of the first sign-in may not be used twice).
  await dialog.getByLabel('Email address').fill(admin.email);
  await dialog.getByLabel('Password').fill(admin.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await dialog.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(form.getByLabel('Email address')).toHaveValue(newEmail);
  await expect(form.getByLabel('Role')).toHaveValue('operator');
  await expect(form.getByRole('button', { name: 'Add staff member' })).toBeFocused();
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByRole('status')).toHaveText(`Added Kept Form ${run} (${newEmail}). We have emailed them a link to choose their password (it works for 3 days); their first sign-in then sets up their authenticator app.`);
  expect(await sql('SELECT role FROM staff WHERE email = $1', [newEmail])).toEqual([{ role: 'operator' }]);
});
