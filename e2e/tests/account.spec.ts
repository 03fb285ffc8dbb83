import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerCustomer } from '../support/customers.ts';
import { sql } from '../support/db.ts';

/*
 * The customer account across the shell and the account remote (issue 3's e2e list):
 * sign up / out / in, change password, reset a forgotten password through the outbox
 * link, billing and bank details, and the demo customer's orders and points pages.
 * Every test that changes an account makes its own customer, so tests stay independent.
 */

const DEMO = { email: 'demo@cgg.test', password: 'Demo!Pass2026' };
const WRONG_LOGIN = 'The email address or password you entered is incorrect.';

const uniqueEmail = (label: string) => `acc-${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.uk`;

/**
 * A full page load while signed in: the account remote rotates the session token with
 * check-auth on every load, so wait for that answer before moving on (leaving mid-call
 * would lose the new token).
 */
async function gotoSignedIn(page: Page, path: string): Promise<void> {
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/check-auth')), page.goto(path)]);
}

/** The header's account widget (not the account area's own navigation). */
const accountMenu = (page: Page): Locator => page.locator('.acc-menu[data-boundary="account"]');

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

async function expectSignedInAs(page: Page, firstName: string): Promise<void> {
  await expect(accountMenu(page).locator('summary')).toHaveText(firstName);
}

async function signOutFromMenu(page: Page): Promise<void> {
  const menu = accountMenu(page);
  await menu.locator('summary').click();
  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

/** A refused sign-in: the server's message, still on the login page, still signed out. */
async function expectLoginRefused(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('alert').filter({ hasText: WRONG_LOGIN })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(accountMenu(page).getByRole('link', { name: 'Login' })).toBeVisible();
}

const toast = (page: Page, text: string): Locator => page.getByText(text, { exact: true }).first();

const RESET_LINK = /\/auth\/reset\/password\?key=[^\s"<>]+/;

/** The newest reset link mailed to `email`, read from the outbox table (the e2e site has no SMTP). */
async function resetLinkFor(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const [row] = await sql<{ text_body: string }>(
        `SELECT text_body FROM email_outbox WHERE lower(to_address) = lower($1) AND subject = 'Reset your CGG Competitions password' ORDER BY id DESC LIMIT 1`,
        [email],
      );
      link = row?.text_body.match(RESET_LINK)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test('a visitor signs up (18+), is signed in, signs out and signs in again', async ({ page }) => {
  const email = uniqueEmail('signup');
  const password = 'Lucky-Number-2026!';
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByLabel('First name').fill('Philippa');
  await page.getByLabel('Last name').fill('Marchbanks');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  // UK code 1.1 and 1.4 (tests/uk-age-and-limits.spec.ts tries the refusals and a limit).
  await page.getByLabel('Date of birth').fill('1984-10-02');
  await page.getByLabel('No limit').check();
  await page.getByLabel('I confirm that I am 18 years of age or over and a UK resident.').check();
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expectSignedInAs(page, 'Philippa');
  const [stored] = await sql<{ first_name: string }>('SELECT first_name FROM customers WHERE lower(email) = lower($1)', [email]);
  expect(stored?.first_name).toBe('Philippa');

  await signOutFromMenu(page);
  // Signed out, the account area sends the visitor to the login page.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await signIn(page, email, password);
  await expectSignedInAs(page, 'Philippa');
  // The session survives a full reload (stored token, check-auth).
  await gotoSignedIn(page, '/account/details');
  await expectSignedInAs(page, 'Philippa');
});

test('a customer changes the password in account details; only the new one signs in', async ({ page }) => {
  const customer = await registerCustomer('Ottoline', 'Fairweather');
  const newPassword = 'Fresh-Start-4567?';
  await signIn(page, customer.email, customer.password);
  await gotoSignedIn(page, '/account/details');
  await expect(page.getByRole('heading', { name: 'Account details' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(customer.email);
  await page.getByLabel('Current password (leave blank to leave unchanged)').fill(customer.password);
  await page.getByLabel('New password (leave blank to leave unchanged)').fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  // The details screen uses the details text (the ' Profile updated successfully!' one is the overview's name card).
  await expect(toast(page, 'Details updated successfully!')).toBeVisible();

  await signOutFromMenu(page);
  await expectLoginRefused(page, customer.email, customer.password);
  await signIn(page, customer.email, newPassword);
  await expectSignedInAs(page, 'Ottoline');
});

test('a customer resets a forgotten password through the emailed link', async ({ page }) => {
  const customer = await registerCustomer('Barnaby', 'Thistlewood');
  const newPassword = 'Remembered-Now-8910#';
  await page.goto('/auth/forgot/password');
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page.locator('[data-boundary="account"] [role="status"]')).toContainText('If an account exists for that email address');

  // The mail is a row of the outbox (no SMTP configured in the e2e site).
  const link = await resetLinkFor(customer.email);
  expect(new URL(link, 'http://x').searchParams.get('login')).toBe(customer.email);

  await page.goto(link);
  await expect(page.getByText(`Choose a new password for ${customer.email}.`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page.locator('[data-boundary="account"] [role="status"]').getByRole('link', { name: 'Login' })).toBeVisible();

  // Opened again, the used link says so at once: no form to fill in for nothing.
  await page.goto(link);
  await expect(page.getByText('This password reset link is invalid or has expired. Please request a new one.')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);

  await expectLoginRefused(page, customer.email, customer.password);
  await signIn(page, customer.email, newPassword);
  await expectSignedInAs(page, 'Barnaby');
});

test('a customer edits billing and bank details, and a reload shows what was saved', async ({ page }) => {
  const customer = await registerCustomer('Clementine', 'Ashcombe');
  await signIn(page, customer.email, customer.password);

  const billing = {
    'First name': 'Clementine',
    'Last name': 'Ashcombe',
    Phone: '07700900456',
    'Email address': customer.email,
    'Street address (House Name/No.)': '7 Rookery Lane',
    'Street address line 2': 'Flat 2',
    'Town / City': 'York',
    Postcode: 'YO1 7HH',
    'County (optional)': 'North Yorkshire',
  };
  await gotoSignedIn(page, '/account/billing');
  await expect(page.getByRole('heading', { name: 'Billing details' })).toBeVisible();
  for (const [label, value] of Object.entries(billing)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(toast(page, 'Details updated successfully!')).toBeVisible();

  await gotoSignedIn(page, '/account/billing');
  await expect(page.getByRole('heading', { name: 'Billing details' })).toBeVisible();
  for (const [label, value] of Object.entries(billing)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);

  await gotoSignedIn(page, '/account/financial-details');
  await expect(page.getByRole('heading', { name: 'Financial details' })).toBeVisible();
  const accountNumber = page.getByLabel('ACCOUNT NUMBER', { exact: true });
  const confirmNumber = page.getByLabel('CONFIRM ACCOUNT NUMBER');
  await accountNumber.fill('');
  await accountNumber.pressSequentially('12-34 56ab78');
  await expect(accountNumber).toHaveValue('12345678');
  await confirmNumber.fill('');
  await confirmNumber.pressSequentially('12-34 56ab78');
  await expect(confirmNumber).toHaveValue('12345678');
  await page.getByLabel('Sort Code').fill('204060');
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(toast(page, 'Details updated successfully!')).toBeVisible();

  await gotoSignedIn(page, '/account/financial-details');
  await expect(page.getByLabel('ACCOUNT NUMBER', { exact: true })).toHaveValue('12345678');
  await expect(page.getByLabel('CONFIRM ACCOUNT NUMBER')).toHaveValue('12345678');
  await expect(page.getByLabel('Sort Code')).toHaveValue('204060');
});

/** Rows shown after `pages` pages of ten, and whether Load More is still offered. */
const paged = (total: number, pages: number) => ({ rows: Math.min(total, pages * 10), more: total > pages * 10 });

test('the demo customer pages through orders, opens an order, and pages through points', async ({ page }) => {
  // The seed gives the demo customer 12 orders and 14 point entries; checkout journeys add
  // more, so the expected pages come from what is stored now, not from the seed's numbers.
  const [stored] = await sql<{ orders: number; points: number }>(
    `SELECT (SELECT count(*)::int FROM orders o WHERE o.customer_id = c.id) AS orders,
            (SELECT count(*)::int FROM points_logs p WHERE p.customer_id = c.id) AS points
     FROM customers c WHERE c.email = $1`,
    [DEMO.email],
  );
  expect(stored!.orders).toBeGreaterThan(10);
  expect(stored!.points).toBeGreaterThan(10);
  await signIn(page, DEMO.email, DEMO.password);

  await gotoSignedIn(page, '/account/recent/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  const orderRows = page.locator('.acc-table tbody tr');
  await expect(orderRows).toHaveCount(10);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(orderRows).toHaveCount(paged(stored!.orders, 2).rows);
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(paged(stored!.orders, 2).more ? 1 : 0);

  const view = page.getByRole('link', { name: /^View order #\d+$/ }).first();
  const orderId = (await view.getAttribute('aria-label'))!.replace('View order #', '');
  await view.click();
  await expect(page).toHaveURL(new RegExp(`/account/recent/orders/order-detail/${orderId}$`));
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Order #${orderId} was placed on [A-Z][a-z]+ \\d{1,2}, \\d{4} and is currently `))).toBeVisible();
  const shipping = page.locator('dt', { hasText: 'SHIPPING' });
  await expect(shipping).toBeVisible();
  await expect(shipping.locator('xpath=following-sibling::dd[1]')).toHaveText('Flat Rate');

  await gotoSignedIn(page, '/account/points');
  await expect(page.getByRole('heading', { name: 'Points' })).toBeVisible();
  await expect(page.getByText(/^You have \d+ points$/)).toBeVisible();
  const pointRows = page.locator('.acc-table tbody tr');
  await expect(pointRows).toHaveCount(10);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(pointRows).toHaveCount(paged(stored!.points, 2).rows);
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(paged(stored!.points, 2).more ? 1 : 0);
});
