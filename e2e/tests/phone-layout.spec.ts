import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { registerCustomer, signInContext } from '../support/customers.ts';
import { sql } from '../support/db.ts';
import { claimInstantPrize } from '../support/fulfilment.ts';
import { buyTickets, createAllWinsCompetition } from '../support/instant-win.ts';
import { layoutProblems } from '../support/layout-check.ts';
import { repoRoot } from '../support/site.ts';

// A phone: the screens most shoppers see. Screenshots are kept in e2e/screenshots/phone/.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const shots = path.join(repoRoot, 'e2e', 'screenshots', 'phone');

async function checkPhoneScreen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${name}-390x844.png`) });
  await page.screenshot({ path: path.join(shots, `${name}-390-full.png`), fullPage: true });
  expect(await layoutProblems(page)).toEqual([]);
}

test('home on a phone: carousel, pricing and every section laid out without overlaps', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured competitions slideshow' })).toBeVisible();
  // The sections below the first screen load as they come near (or when the browser is idle):
  // scroll down, then wait for the last one's content. Their placeholders are replaced as they
  // arrive, so the page is scrolled, not a placeholder.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator('[data-section="wrapper"]').getByRole('link', { name: 'See our winners' })).toBeAttached();
  await expect(page.locator('[data-section] [role="status"]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkPhoneScreen(page, 'home');
});

test('a competition details page on a phone', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('a[href^="/competition/details/"]').first().getAttribute('href');
  await page.goto(href!);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').locator('[role="status"][class$="-spinner"]')).toHaveCount(0);
  await checkPhoneScreen(page, 'details');
});

test('the basket on a phone', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Basket' })).toBeVisible();
  await expect(page.locator('[role="status"][class$="-spinner"]')).toHaveCount(0);
  await checkPhoneScreen(page, 'basket');
});

test("a customer's account on a phone", async ({ browser }) => {
  const customer = await registerCustomer('Phone', 'Layout');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signInContext(context, customer);
  const page = await context.newPage();
  try {
    await page.goto('/account');
    await expect(page.getByRole('banner').getByText(customer.firstName, { exact: true })).toBeVisible();
    await expect(page.locator('[role="status"][class$="-spinner"]')).toHaveCount(0);
    await checkPhoneScreen(page, 'account');
  } finally {
    await context.close();
  }
});

// The narrowest and widest common phones: the header and first screen fit both.
for (const width of [360, 430]) {
  test(`home and a details page at ${width}px: nothing scrolls sideways, runs off or overlaps`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Featured competitions slideshow' })).toBeVisible();
      await expect(page.getByRole('banner').locator('[data-boundary="account"]')).toBeVisible();
      await expect(page.getByRole('banner').locator('[data-boundary="cart-checkout"]')).toBeVisible();
      expect(await layoutProblems(page)).toEqual([]);
      const href = await page.locator('a[href^="/competition/details/"]').first().getAttribute('href');
      await page.goto(href!);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner').locator('[data-boundary="cart-checkout"]')).toBeVisible();
      expect(await layoutProblems(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

// A long first name is cut in the header (its whole text stays the button's), never pushing the
// basket and the menu button off a phone's screen.
for (const width of [320, 390]) {
  test(`a long first name in the header at ${width}px: cut short, nothing scrolls sideways`, async ({ browser }) => {
    const customer = await registerCustomer('Maximilian-Alexander', 'Long');
    const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
    await signInContext(context, customer);
    const page = await context.newPage();
    try {
      await page.goto('/cart');
      const banner = page.getByRole('banner');
      await expect(banner.getByText(customer.firstName, { exact: true })).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
      await expect(banner.locator('[data-boundary="cart-checkout"]')).toBeInViewport({ ratio: 1 });
      expect(await layoutProblems(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

// A prize sent with a long tracking reference (the back office takes up to 100 characters, spaces
// or none): it wraps in the account's prize table, never widening the page on a phone.
test('a long tracking reference on the account at 390px: wrapped, nothing scrolls sideways', async ({ browser, request }) => {
  const customer = await registerCustomer('Tracy', 'Tracking');
  const competition = await createAllWinsCompetition(`Long tracking ${Date.now()}`, 2);
  const order = await buyTickets(request, customer.token, competition.productId, 1);
  const win = order.extensions.cgg.instant_wins[0]!;
  await claimInstantPrize(request, customer, win.win_id, { first: 'Tracy', last: 'Tracking' });
  const tracking = 'TRK'.padEnd(100, '7');
  await sql(`UPDATE prize_claims SET state = 'fulfilled', tracking_reference = $2 WHERE win_kind = 'instant' AND win_id = $1`, [win.win_id, tracking]);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signInContext(context, customer);
  const page = await context.newPage();
  try {
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Your prizes' })).toContainText(`Fulfilled · Tracking ${tracking}`);
    expect(await layoutProblems(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
