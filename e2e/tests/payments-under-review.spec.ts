import { expect, test } from '@playwright/test';
import { sql } from '../support/db.ts';
import { expectTicketsLeft, placeCardOrder, shopperWithBasket } from '../support/payments.ts';
import { createStaffWithCli, firstSignIn } from '../support/staff.ts';

/*
 * Issue 15: the provider takes an amount that does not match the order (rare: we create the
 * intent with the amount). The customer is told on the checkout page, again after a reload, and
 * by mail once staff close it; an admin refunds it and releases the order in the back office.
 */

test('a payment of the wrong amount: the customer is told, an admin refunds it, its tickets go back on sale', async ({ browser }) => {
  const { competition, customer, before, context, page } = await shopperWithBasket(browser, { title: 'Under Review', firstName: 'Rita', lastName: 'Review', quantity: 2 });

  await placeCardOrder(page, customer.email, '4000 0027 6000 3184');
  const challenge = page.getByRole('dialog', { name: '3-D Secure: confirm this payment' });
  await expect(challenge.getByText('Pay £5.00 with the card ending 3184?')).toBeVisible();

  // The bank is about to take £7.00 for the £5.00 order (the demo provider's intent changed under the challenge).
  const [order] = await sql<{ order_id: number; intent_id: string }>(
    `SELECT o.id AS order_id, p.intent_id FROM orders o JOIN customers c ON c.id = o.customer_id JOIN payment_intents p ON p.order_id = o.id WHERE c.email = $1`,
    [customer.email],
  );
  await sql('UPDATE demo_pay_intents SET amount = 700 WHERE id = $1', [order!.intent_id]);
  await challenge.getByRole('button', { name: 'Complete' }).click();

  const notice = page.getByRole('region', { name: 'We are checking your payment' });
  await expect(notice.getByText(`The amount your bank took for order #${order!.order_id} does not match the order`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  // Found again on a reload: still said, nothing to pay or cancel; the tickets stay held.
  await page.reload();
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expectTicketsLeft(competition.id, before - 2);

  // An admin refunds it and releases the order from the back office's Payment problems.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  const admin = createStaffWithCli('admin', `Ada Review ${Date.now()}`);
  await firstSignIn(staffPage, admin);
  await staffPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Payment problems' }).click();
  const problem = staffPage.getByRole('list', { name: 'Payment problems to deal with' }).getByRole('listitem').filter({ hasText: `Order #${order!.order_id} (pending)` });
  await expect(problem.getByText("The intent took £7.00; the order's card part is £5.00.")).toBeVisible();
  await problem.getByLabel('What you did').fill('The bank took £7.00 for a £5.00 order: refunded in full.');
  await problem.getByRole('button', { name: 'Refund, release and close' }).click();
  await problem.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(staffPage.getByRole('status').filter({ hasText: 'dealt with' })).toContainText(`£7.00 refunded to the card, order #${order!.order_id} released.`);

  await expectTicketsLeft(competition.id, before);
  const mails = await sql<{ text_body: string }>('SELECT text_body FROM email_outbox WHERE to_address = $1 AND subject = $2', [customer.email, `Your payment for order #${order!.order_id} is refunded`]);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text_body).toContain('£7.00 is on its way back to the card you paid with');
  await staffContext.close();
  await context.close();
});
