import { expect, test } from '@playwright/test';
import { registerCustomer, signInContext } from '../support/customers.ts';
import { sql } from '../support/db.ts';
import { createPlainCompetition, fillBasket } from '../support/payments.ts';
import { createStaffWithCli, firstSignIn } from '../support/staff.ts';

// A coupon issued in the back office (one remote) takes money off in a shopper's basket (another).

test("an operator issues a coupon for one customer in the back office; that customer's basket takes it, and the list shows it", async ({ page, browser }) => {
  const run = `${Date.now()}`.slice(-6);
  const shopper = await registerCustomer('Nia', 'Loyal');
  const [customer] = await sql<{ id: number }>('SELECT id FROM customers WHERE email = $1', [shopper.email]);
  const competition = await createPlainCompetition(`Coupon test ${run}`);
  await fillBasket(shopper.token, competition.productId, 2);

  const operator = createStaffWithCli('operator', `Ola Offers ${run}`);
  await firstSignIn(page, operator);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Coupons' }).click();
  const form = page.getByRole('form', { name: 'Issue a coupon' });
  const code = `SORRY${run}`;
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Amount off (£)').fill('1.50');
  await form.getByLabel('For one customer (customer number)').fill(String(customer!.id));
  await form.getByRole('button', { name: 'Issue coupon' }).click();
  await expect(page.getByRole('status')).toHaveText(`Issued ${code}: £1.50 off for customer #${customer!.id}, once.`);

  const context = await browser.newContext();
  await signInContext(context, shopper);
  const basket = await context.newPage();
  try {
    await basket.goto('/cart');
    await basket.getByLabel('Coupon code').fill(code.toLowerCase());
    await basket.getByRole('button', { name: 'Apply coupon' }).click();
    await expect(basket.getByText('Coupon code applied successfully.')).toBeVisible();
    // Two tickets at £2.50, £1.50 off.
    const total = basket.locator('.cc-summary__total');
    await expect(total).toHaveText('Total£3.50');
  } finally {
    await context.close();
  }

  await page.reload();
  const row = page.getByRole('table', { name: 'Coupons' }).getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('£1.50 off');
  await expect(row).toContainText('Not used yet');
});
