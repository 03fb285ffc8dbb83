import { expect, test, type Page } from '@playwright/test';
import { registerCustomer, signInContext } from '../support/customers.ts';
import { sql } from '../support/db.ts';
import { createAllWinsCompetition } from '../support/instant-win.ts';
import { fillBasket, fillDemoCard } from '../support/payments.ts';

/*
 * Customer A claims the prize (issue 5): a ticket of a competition where every number
 * wins, bought through /checkout in the browser; the confirmation's "Claim your prize"
 * leads to /claim/prize, where the site credit is claimed once; the credit is in
 * /account/cred at once, the claim's state on the account overview, and a second claim
 * is impossible (no form, and the API refuses it).
 */



/** remote-account rotates the token with check-auth on every load: wait for it before moving on. */
async function gotoSignedIn(page: Page, path: string): Promise<void> {
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/check-auth')), page.goto(path)]);
}

test('customer A wins instantly, claims the prize as site credit once, and finds the credit in the account', async ({ browser }) => {
  const competition = await createAllWinsCompetition(`Claim Test Credit Drop ${Date.now()}`, 3);
  // A site-credit prize: it can only be taken as credit (shared-contracts rules/prize-claims.ts).
  await sql(`UPDATE instant_win_prizes SET title = '£25 Site Credit' WHERE competition_id = $1`, [competition.id]);
  const customer = await registerCustomer('Ada', 'Lovelace');
  const context = await browser.newContext();
  await signInContext(context, customer);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await fillBasket(customer.token, competition.productId, 1);
  await gotoSignedIn(page, '/checkout');
  const fields: [string, string][] = [
    ['Phone', '07700900123'], ['Email address', customer.email], ['House name/number', '7'], ['Street address', 'Analytical Row'],
    ['Town/City', 'London'], ['Postcode', 'N1 9GU'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await fillDemoCard(page, '4000 0566 5566 5556');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/confirmation\?order=\d+$/);
  const confirmation = page.locator('section[data-boundary="cart-checkout"]');
  await expect(confirmation.getByText(/^Ticket \d+ won £25 Site Credit/)).toBeVisible();
  await confirmation.getByRole('link', { name: 'Claim your prize' }).click();
  await expect(page).toHaveURL(/\/claim\/prize$/);

  const claim = page.locator('section[data-boundary="cart-checkout"]');
  await expect(claim.getByRole('heading', { name: '£25 Site Credit' })).toBeVisible();
  await expect(claim).toContainText(competition.title);
  const credit = claim.getByLabel('Site credit: £25.00, in your account at once');
  await expect(credit).toBeChecked();
  const submit = claim.getByRole('button', { name: 'Claim prize' });
  await submit.dblclick();

  await expect(claim.getByRole('heading', { name: 'Prize claimed: £25 Site Credit' })).toBeVisible();
  await expect(claim.getByText('£25.00 of site credit is in your account now.')).toBeVisible();
  await expect(claim.getByText('Fulfilled')).toBeVisible();
  // A second submit is impossible: the form is gone, one claim row exists, the API refuses another.
  await expect(claim.getByRole('button', { name: 'Claim prize' })).toHaveCount(0);
  const rows = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM prize_claims pc JOIN customers c ON c.id = pc.customer_id WHERE c.email = $1`, [customer.email]);
  expect(rows[0]!.n).toBe(1);

  await gotoSignedIn(page, '/claim/prize');
  await expect(claim.getByText('You have no prizes to claim right now.')).toBeVisible();
  await expect(claim.getByRole('region', { name: 'Prizes already claimed' })).toContainText('£25 Site Credit');

  await gotoSignedIn(page, '/account/cred');
  await expect(page.getByText('you have 25.00 cred discount')).toBeVisible();
  await gotoSignedIn(page, '/account');
  const prizes = page.getByRole('region', { name: 'Your prizes' });
  await expect(prizes).toContainText('£25 Site Credit');
  await expect(prizes).toContainText('Fulfilled');

  // The winner was also told by email once the order committed.
  const mails = await sql<{ subject: string }>(`SELECT subject FROM email_outbox WHERE to_address = $1 ORDER BY id`, [customer.email]);
  expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining(['You won: £25 Site Credit', 'Your prize claim: £25 Site Credit']));
  expect(errors).toEqual([]);
  await context.close();
});
