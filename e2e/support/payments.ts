import { expect, type Browser, type Page } from '@playwright/test';
import { registerCustomer, signInContext } from './customers.ts';
import { sql } from './db.ts';
import { apiURL } from './site.ts';

/*
 * The checkout's card step (issue 15) as a customer uses it: the demo provider's card field
 * (its inputs sit in the group "Card details"; the number goes to the provider, never to our
 * order API), its 3-D Secure challenge, and the figures a test checks before and after.
 */

const store = (route: string) => `${apiURL}/?rest_route=/wc/store/v1${route}`;

/** Puts tickets in the customer's basket through the Store API (the browser shares it: same customer). */
export async function fillBasket(token: string, productId: number, quantity: number): Promise<void> {
  const auth = { Authorization: `Bearer ${token}` };
  const cart = await fetch(store('/cart'), { headers: auth });
  const added = await fetch(store('/cart/add-item'), {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json', Nonce: cart.headers.get('nonce')!, 'Cart-Token': cart.headers.get('cart-token')! },
    body: JSON.stringify({ id: productId, quantity }),
  });
  if (!added.ok) throw new Error(`add-item: ${added.status} ${await added.text()}`);
}

/** Types a card into the demo provider's card field (any future expiry, any 3-digit code). */
export async function fillDemoCard(page: Page, number: string): Promise<void> {
  const field = page.getByRole('group', { name: 'Card details' });
  await field.getByLabel('Card number').fill(number);
  await field.getByLabel('Expiry (MM/YY)').fill('12/30');
  await field.getByLabel('Security code (CVC)').fill('123');
}

/** The billing fields a fresh customer has not saved yet. */
export async function fillBilling(page: Page, email: string): Promise<void> {
  const fields: [string, string][] = [
    ['Phone', '07700900123'], ['Email address', email], ['House name/number', '4'], ['Street address', 'Payment Lane'],
    ['Town/City', 'Leeds'], ['Postcode', 'LS1 1AA'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
}

/** Tickets left in a competition as the shop tells every visitor (the content API's competition). */
export async function ticketsLeft(competitionId: number): Promise<number> {
  const res = await fetch(`${apiURL}/?rest_route=/api/v1/getcompetition`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer cgg-storefront' },
    body: JSON.stringify({ id: competitionId }),
  });
  if (!res.ok) throw new Error(`getcompetition: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { total_sell_tickets: number; total_ticket_sold: number } };
  return data.total_sell_tickets - data.total_ticket_sold;
}

/** A plain open competition of its own (no question, no instant wins), made as an operator would: rows in the e2e database. */
export async function createPlainCompetition(title: string, tickets = 50): Promise<{ id: number; productId: number; title: string }> {
  const [c] = await sql<{ id: number; competition_product_id: number }>(
    `INSERT INTO competitions (category_id, title, description, image, price_pence, total_tickets, max_tickets_per_user, closing_at, draw_at, prize_value_pence)
     VALUES ((SELECT min(id) FROM categories), $1, 'A competition for the payment tests (e2e).', (SELECT image FROM competitions ORDER BY id LIMIT 1),
       250, $2, $2, now() + interval '7 days', now() + interval '7 days', 10000)
     RETURNING id, competition_product_id`,
    [title, tickets],
  );
  return { id: c!.id, productId: c!.competition_product_id, title };
}

/** Waits until the visitor-facing tickets-left figure is `expected` (the API's competition answer may be cached briefly). */
export async function expectTicketsLeft(competitionId: number, expected: number): Promise<void> {
  await expect.poll(() => ticketsLeft(competitionId), { timeout: 15_000 }).toBe(expected);
}

/**
 * A new customer signed in in a browser context of their own, with `quantity` tickets of a new
 * plain competition (`title`, made unique) in the basket; `before`: its tickets left first.
 */
export async function shopperWithBasket(browser: Browser, o: { title: string; firstName: string; lastName: string; quantity: number }) {
  const competition = await createPlainCompetition(`${o.title} ${Date.now()}`);
  const customer = await registerCustomer(o.firstName, o.lastName);
  const before = await ticketsLeft(competition.id);
  const context = await browser.newContext();
  await signInContext(context, customer);
  const page = await context.newPage();
  await fillBasket(customer.token, competition.productId, o.quantity);
  return { competition, customer, before, context, page };
}

/** Opens the checkout and places the order with the demo card `number`, the billing details filled for `email`. */
export async function placeCardOrder(page: Page, email: string, number: string): Promise<void> {
  // remote-account rotates the token with check-auth on load: wait for it before moving on.
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/check-auth')), page.goto('/checkout')]);
  await fillBilling(page, email);
  await fillDemoCard(page, number);
  await page.getByRole('button', { name: 'Place order' }).click();
}
