import { expect, test } from '@playwright/test';
import { registerCustomer, signInContext } from '../support/customers.ts';
import { sql } from '../support/db.ts';
import { buyTickets, createAllWinsCompetition } from '../support/instant-win.ts';
import { createStaffWithCli, firstSignIn } from '../support/staff.ts';

// The UK prize-draw code, clauses 1.6 to 1.8: a harm marker flags a customer after a paid order,
// support reviews the flag in the back office, and the customer's account shows where to find
// help while the review is open.

test('repeated limit raises then a purchase: the customer is flagged, sees support links, and support records the review', async ({ page, request, context, browser }) => {
  // A customer's and a staff member's sessions, one after the other, on a shared 2-core machine.
  test.setTimeout(120_000);
  const run = `${Date.now()}`.slice(-6);
  const customer = await registerCustomer('Harriet', `Reviewed${run}`);
  const [{ id } = { id: 0 }] = await sql<{ id: number }>('SELECT id FROM customers WHERE email = $1', [customer.email]);
  // Three requests to loosen their limit in the last day, as the account screen records them.
  for (const hours of [3, 2, 1]) {
    await sql(`INSERT INTO limit_raises (customer_id, asked_at, effective_at) VALUES ($1, now() - make_interval(hours => $2), NULL)`, [id, hours]);
  }
  // The real path: a paid order, after which the API looks at the customer.
  const competition = await createAllWinsCompetition(`Harm markers ${run}`, 1);
  await buyTickets(request, customer.token, competition.productId, 1);
  await expect.poll(async () => (await sql('SELECT 1 FROM harm_flags WHERE customer_id = $1 AND closed_at IS NULL', [id])).length).toBe(1);

  // The customer's account page: where to find help.
  await signInContext(context, customer);
  await page.goto('/account');
  const help = page.getByRole('region', { name: 'Support if you need it' });
  await expect(help.getByRole('link', { name: 'GamCare' })).toHaveAttribute('href', 'https://www.gamcare.org.uk');
  await expect(help.getByRole('link', { name: 'Responsible gaming' })).toHaveAttribute('href', '/account/responsible/gaming');

  // Support reviews the flag, in a browser of their own (the customer's keeps its session).
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  const support = createStaffWithCli('support', `Suki Support ${run}`);
  await firstSignIn(staffPage, support);
  await staffPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reviews' }).click();
  const review = staffPage.getByRole('form', { name: `Review of Harriet Reviewed${run}` });
  const card = staffPage.getByRole('listitem').filter({ has: review });
  await expect(card).toContainText('Raised their limit repeatedly: Asked to raise or remove their spending limit 3 times in 30 days');
  await review.getByLabel('Action taken').selectOption('Contacted the customer');
  await review.getByLabel('Note').fill('Phoned Harriet; she set a lower limit.');
  await review.getByRole('button', { name: 'Record and close' }).click();
  await expect(staffPage.getByRole('status')).toHaveText(`Review of Harriet Reviewed${run} recorded.`);
  await expect(review).toHaveCount(0);
  const [closed] = await sql<{ action: string; note: string }>('SELECT action, note FROM harm_flags WHERE customer_id = $1', [id]);
  expect(closed).toEqual({ action: 'contacted', note: 'Phoned Harriet; she set a lower limit.' });
  await staffContext.close();

  // Reviewed: the account page no longer shows the support section.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello Harriet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Support if you need it' })).toHaveCount(0);
});
