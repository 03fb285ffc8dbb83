import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerCustomer } from '../support/customers.ts';
import { sql } from '../support/db.ts';

/**
 * Support signs in as a customer with the operator CLI's one-time code (`cli -- login-as-user`):
 * the account opens as the customer sees it, but what only the customer may do is refused with
 * the API's words (a new email or password, bank details, claims, orders).
 */
test('support signed in as a customer sees their account, and is told they cannot change the bank details', async ({ page }) => {
  const customer = await registerCustomer('Assisted', 'Shopper');
  // The code as `cli -- login-as-user` issues it: only its SHA-256 is stored.
  const code = randomBytes(32).toString('base64url');
  const [row] = await sql<{ id: number }>('SELECT id FROM customers WHERE email = $1', [customer.email]);
  await sql(
    `INSERT INTO login_as_user_codes (customer_id, code_hash, issued_by, issued_at, expires_at) VALUES ($1, $2, 'e2e support', now(), now() + interval '5 minutes')`,
    [row!.id, createHash('sha256').update(code, 'utf8').digest()],
  );

  await page.goto(`/login-as-user?code=${code}`);
  await expect(page).toHaveURL(/\/account\/?$/);
  await page.getByRole('link', { name: 'Financial details' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Financial details' })).toBeVisible();
  await page.getByLabel('ACCOUNT NUMBER', { exact: true }).fill('12345678');
  await page.getByLabel('CONFIRM ACCOUNT NUMBER').fill('12345678');
  await page.getByLabel('Sort Code').fill('112233');
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.getByText('You are signed in as this customer by our support team, so this is not allowed: only the customer can do it.')).toBeVisible();
  const [saved] = await sql<{ account_number: string }>('SELECT account_number FROM customers WHERE id = $1', [row!.id]);
  expect(saved!.account_number).toBe('');
});
