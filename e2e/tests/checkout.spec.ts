import { expect, test, type Page } from '@playwright/test';
import { fillDemoCard } from '../support/payments.ts';
import { apiURL, remoteURLs } from '../support/site.ts';

/*
 * The basket-and-checkout journey across the remotes: account (sign in, orders),
 * catalogue (competition, question modal, cart:add-requested), cart-checkout (mini-cart,
 * basket modal, /cart, /checkout, /confirmation) and the shell around them.
 */

const DEMO = { email: 'demo@cgg.test', password: 'Demo!Pass2026' };

/** The seeded skill questions' right answers (shop-api/src/seed/competition-seeds.ts). */
const ANSWERS: Record<string, string> = {
  'What is the capital city of Scotland?': 'Edinburgh',
  'How many days are there in a leap year?': '366',
  'What is 7 x 8?': '56',
  'Which planet is known as the Red Planet?': 'Mars',
  'How many sides does a hexagon have?': '6',
  'Which country is Santorini part of?': 'Greece',
  'Which river flows through London?': 'Thames',
};

interface ListedCompetition {
  id: number;
  title: string;
  status: string;
  comp_question: boolean;
  question: string | null;
  disable_tickets: boolean;
  total_sell_tickets: number;
  total_ticket_sold: number;
  max_ticket_per_user: number;
  closing_date: string;
}

async function api<T>(route: string, body: unknown): Promise<T> {
  const res = await fetch(`${apiURL}/?rest_route=/api/v1/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer cgg-storefront' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An open competition with a known question that the demo customer may still enter, well away from closing. */
async function questionCompetition(skip: number): Promise<ListedCompetition> {
  const { data } = await api<{ data: ListedCompetition[] }>('competition', { limit: 100 });
  const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const fit = data.filter(
    (c) =>
      c.status === 'open' &&
      c.comp_question &&
      c.question !== null &&
      c.question in ANSWERS &&
      !c.disable_tickets &&
      c.total_sell_tickets - c.total_ticket_sold >= 20 &&
      c.max_ticket_per_user >= 20 &&
      c.closing_date > soon,
  );
  const chosen = fit[skip] ?? fit[0];
  if (!chosen) throw new Error('no open competition with a question in the seed');
  return chosen;
}

/**
 * A full page load while signed in: remote-account rotates the session token with
 * check-auth on every load, so wait for that answer before moving on (leaving the page
 * mid-call would lose the new token).
 */
async function gotoSignedIn(page: Page, path: string): Promise<void> {
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/check-auth')), page.goto(path)]);
}

async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** Starts from an empty basket whatever earlier tests left. */
async function emptyBasket(page: Page, signedIn = true): Promise<void> {
  if (signedIn) await gotoSignedIn(page, '/cart');
  else await page.goto('/cart');
  const cc = page.locator('[data-boundary="cart-checkout"]').filter({ has: page.getByRole('heading', { name: 'Basket' }) });
  await expect(cc.getByText('Your basket is empty.').or(cc.getByRole('button', { name: 'Empty basket' }))).toBeVisible();
  const empty = cc.getByRole('button', { name: 'Empty basket' });
  if (await empty.isVisible()) {
    await empty.click();
    await expect(cc.getByText('Your basket is empty.')).toBeVisible();
  }
}

/** From home: open the competition's card, pick `quantity` tickets, add them and answer the question. */
async function addTicketsFromHome(page: Page, c: ListedCompetition, { signedIn = true, quantity = 1 } = {}): Promise<void> {
  if (signedIn) await gotoSignedIn(page, '/');
  else await page.goto('/');
  await addTicketsFromHomePage(page, c, quantity);
}

/** On the home page already: as above, without loading the page. */
async function addTicketsFromHomePage(page: Page, c: ListedCompetition, quantity: number): Promise<void> {
  const card = page.locator(`[data-boundary="catalogue"] a[href$="-${c.id}"]`).first();
  await card.scrollIntoViewIfNeeded();
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
  for (let n = 1; n < quantity; n += 1) await page.getByRole('button', { name: 'One ticket more' }).click();
  await page.getByRole('button', { name: new RegExp(`^Add ${quantity} tickets? ·`) }).click();
  const question = page.locator('#enter');
  await expect(question).toBeVisible();
  await question.getByLabel(ANSWERS[c.question ?? ''] ?? '', { exact: true }).check();
  await question.getByRole('button', { name: /^Confirm and add/ }).click();
}

/** The demo provider's card field (the number goes to the provider, the order API gets its payment-method id). */
async function payByCard(page: Page, number: string): Promise<void> {
  await fillDemoCard(page, number);
  await page.getByRole('button', { name: 'Place order' }).click();
}

test('a visitor fills a basket, signs in at checkout (basket kept), pays by demo card and finds the ticket numbers in the order detail', async ({ page, browser }) => {
  const competition = await questionCompetition(0);
  // The demo customer's own basket starts empty (earlier runs or tests may have left items), cleared
  // in a separate browser so this page stays a visitor that never signed in.
  const cleanup = await browser.newContext();
  const cleanupPage = await cleanup.newPage();
  await signInAsDemo(cleanupPage);
  await emptyBasket(cleanupPage);
  await cleanup.close();

  // A visitor: answers the question in modal `enter` while adding three tickets.
  await addTicketsFromHome(page, competition, { signedIn: false, quantity: 3 });

  // The basket modal opens and the header's mini-cart follows.
  const modal = page.locator('#exampleModal-3');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('dialog').or(modal)).toContainText(competition.title);
  const miniCart = page.getByRole('link', { name: /^Basket, 3 £\d+\.\d{2}$/ });
  await expect(miniCart).toBeVisible();
  // The mini-cart's accessible name is its count and total: the same after signing in.
  const visitorBasket = (await miniCart.getAttribute('aria-label')) ?? '';

  await modal.getByRole('link', { name: 'Go to basket' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('button', { name: `Remove ${competition.title}` })).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();

  // Checkout needs a signed-in customer: to the login page, and back to checkout after signing in.
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // The visitor's basket came along into the customer's.
  await expect(page.getByRole('link', { name: visitorBasket, exact: true })).toBeVisible();
  await expect(page.locator('[data-boundary="cart-checkout"]').getByText(competition.title).first()).toBeVisible();
  // Billing comes prefilled from the account.
  await expect(page.getByLabel('First name')).not.toHaveValue('');
  await payByCard(page, '4000 0566 5566 5556');

  await expect(page).toHaveURL(/\/confirmation\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  const tickets = page.getByRole('list', { name: `Ticket numbers for ${competition.title}` }).getByRole('listitem');
  await expect(tickets).toHaveCount(3);
  const numbers = (await tickets.allTextContents()).map((n) => n.trim());
  for (const n of numbers) expect(n).toMatch(/^\d+$/);
  expect(new Set(numbers).size).toBe(3);
  await expect(page.getByRole('link', { name: /^Basket, 0 / })).toBeVisible();

  // The same numbers in the account: orders list -> this order's detail.
  await gotoSignedIn(page, '/account/recent/orders');
  await page.getByRole('link', { name: `View order #${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/recent/orders/order-detail/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: `${competition.title} x 3` });
  await expect(line).toHaveCount(1);
  const detailNumbers = (await line.getByRole('cell').nth(1).textContent()) ?? '';
  expect(detailNumbers.split(',').map((n) => n.trim()).sort()).toEqual([...numbers].sort());
});

test('a declined card shows the error and leaves the basket as it was', async ({ page }) => {
  const competition = await questionCompetition(1);
  await signInAsDemo(page);
  await emptyBasket(page);
  await addTicketsFromHome(page, competition);
  await expect(page.locator('#exampleModal-3')).toBeVisible();
  await page.locator('#exampleModal-3').getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await payByCard(page, '4000 0000 0000 0002');
  // Said by the card field (the API's decline, after the provider's answer); the basket comes back.
  await expect(page.getByRole('group', { name: 'Card details' }).getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout$/);

  await gotoSignedIn(page, '/cart');
  await expect(page.getByRole('button', { name: `Remove ${competition.title}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Basket, 1 / })).toBeVisible();
  await emptyBasket(page);
});

test('a visitor fills a basket, then signs in and keeps it', async ({ page }) => {
  const competition = await questionCompetition(2);
  await signInAsDemo(page);
  await emptyBasket(page);
  // Sign out by forgetting the session, as a visitor on this browser.
  await page.evaluate(() => localStorage.removeItem('token'));
  await addTicketsFromHome(page, competition, { signedIn: false });
  await expect(page.getByRole('link', { name: /^Basket, 1 / })).toBeVisible();

  await signInAsDemo(page);
  await gotoSignedIn(page, '/cart');
  await expect(page.getByRole('button', { name: `Remove ${competition.title}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Basket, 1 / })).toBeVisible();
  await emptyBasket(page);
});

test("a tap on Add before the basket's remote has started still adds the tickets", async ({ page }) => {
  const competition = await questionCompetition(3);
  // The header's basket comes from the cart-checkout remote, which the shell loads only after the
  // page the shopper came for: hold it back, as a slow phone would, until the add has been asked for.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked: () => void = () => {};
  const cartRemoteAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route(`${remoteURLs.cartCheckout}/**`, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  await addTicketsFromHome(page, competition, { signedIn: false });
  // The add is held for the basket, and the shell fetches the basket's remote for it at once,
  // saying meanwhile that the add is under way (so a shopper does not tap again).
  await cartRemoteAsked;
  await expect(page.getByRole('status').filter({ hasText: 'Adding to your basket...' })).toBeVisible();
  await expect(page.locator('#exampleModal-3')).toHaveCount(0);
  release();

  const modal = page.locator('#exampleModal-3');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(competition.title);
  await expect(page.getByRole('link', { name: /^Basket, 1 £\d+\.\d{2}$/ })).toBeVisible();
});

test('with the basket remote down, a tap on Add says nothing was added; on the next page the basket is back', async ({ page }) => {
  const competition = await questionCompetition(4);
  const cartRemote = `${remoteURLs.cartCheckout}/**`;
  await page.route(cartRemote, (route) => route.abort());
  await addTicketsFromHome(page, competition, { signedIn: false });
  await expect(page.getByText('Sorry, nothing was added: the basket is unavailable right now. Please try again in a moment.')).toBeVisible();
  await expect(page.locator('#exampleModal-3')).toHaveCount(0);

  // The basket's team redeploys: the header tries its basket again on the shopper's next page,
  // and the request they were told had failed is not carried out behind their back (it would
  // come first, and the basket would go from 1 to 3 tickets, never showing 2).
  await page.unroute(cartRemote);
  await page.getByRole('link', { name: 'CGG Competitions, home' }).click();
  await expect(page.getByRole('link', { name: /^Basket, 0 / })).toBeVisible();
  await addTicketsFromHomePage(page, competition, 2);
  await expect(page.locator('#exampleModal-3')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Basket, 2 £\d+\.\d{2}$/ })).toBeVisible();
});
