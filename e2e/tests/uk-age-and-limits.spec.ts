import { expect, test, type Page } from '@playwright/test';
import { sql } from '../support/db.ts';

/*
 * UK prize-draw code 1.1 (age) and 1.4 (limits at the door) in the browser: sign-up asks
 * the date of birth and refuses someone under 18, keeping nothing; it asks for a monthly
 * spending limit, and the one chosen shows on the account's Responsible gaming screen.
 * (The API's refusals and the checkout's prompt for older accounts: shop-api
 * src/accounts/age-and-limit.test.ts and remote-cart-checkout's checkout-page test.)
 */

const uniqueEmail = (label: string) => `uk-${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.uk`;
const PASSWORD = 'Adults-Only-2026!';

/** London's date `years` years ago, plus `days` days: a birthday relative to the day the test runs. */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' }).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
}

async function fillSignUp(page: Page, email: string, dateOfBirth: string): Promise<void> {
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByLabel('First name').fill('Imogen');
  await page.getByLabel('Last name').fill('Ashdown');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('Date of birth').fill(dateOfBirth);
  await page.getByLabel('I confirm that I am 18 years of age or over and a UK resident.').check();
}

test('sign-up with a date of birth under 18 is refused, saying why, and nothing is kept', async ({ page }) => {
  const email = uniqueEmail('young');
  await fillSignUp(page, email, yearsAgo(18, 1));
  await page.getByLabel('No limit').check();
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'you need to be 18 or over to enter our prize draws' })).toContainText(
    'We have not kept any of the details you entered.',
  );
  await expect(page.getByLabel('Date of birth')).toBeFocused();
  await expect(page).toHaveURL(/\/auth\/register$/);
  expect(await sql('SELECT 1 FROM customers WHERE lower(email) = lower($1)', [email])).toEqual([]);
});

test('sign-up asks for a monthly spending limit; the one chosen shows on the account', async ({ page }) => {
  const email = uniqueEmail('limit');
  await fillSignUp(page, email, yearsAgo(30));
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  // Nothing chosen for the customer: the question must be answered.
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a monthly spending limit, or choose no limit.' })).toBeVisible();

  await page.getByLabel('Set a monthly limit').check();
  await page.getByLabel('Monthly limit (£, 0 allowed)').fill('25');
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/register') && r.ok()), page.getByRole('button', { name: 'CREATE ACCOUNT' }).click()]);
  await expect(page).toHaveURL(/\/account$/);

  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/check-auth')), page.goto('/account/responsible/gaming')]);
  await expect(page.getByRole('heading', { name: 'Responsible gaming' })).toBeVisible();
  await expect(page.getByText('£25.00 per month')).toBeVisible();
  await expect(page.getByText(/^£25\.00 a month, chosen on \w+ \d{1,2}, \d{4} at \d{2}:\d{2}$/)).toBeVisible();

  const [stored] = await sql<{ limit_choice_pence: number; chosen: boolean; limit_duration: string }>(
    'SELECT limit_choice_pence, limit_choice_at IS NOT NULL AS chosen, limit_duration FROM customers WHERE lower(email) = lower($1)',
    [email],
  );
  expect(stored).toEqual({ limit_choice_pence: 2500, chosen: true, limit_duration: 'month' });
});
