import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerCustomer, signInContext } from '../support/customers.ts';

const publicPages = [
  '/',
  '/competitions/all',
  '/competitions/instant_win_comps',
  '/draw/results',
  '/winners_list',
  '/cart',
  '/auth/login',
  '/auth/forgot/password',
  '/auth/register',
  '/auth/reset/password',
  '/login-as-user',
  '/faq',
  '/how-it-works',
  '/legal-terms',
  '/legal-terms?tab=3',
  '/contact',
  '/free-postal-route',
  '/community-chat',
  '/no/such/page',
];

const accountPages = ['/account', '/account/details', '/account/billing', '/account/financial-details', '/account/points', '/account/cred', '/account/coupons', '/account/recent/orders', '/account/responsible/gaming'];

/**
 * Waits for what a visitor sees once a page has arrived: its main heading, both header
 * widgets (loaded by their remotes after the page), and no spinner left anywhere. Every
 * team's spinner is a `role="status"` element whose class ends in `-spinner`.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('banner').locator('[data-boundary="account"]')).toBeVisible();
  await expect(page.getByRole('banner').locator('[data-boundary="cart-checkout"]')).toBeVisible();
  await expect(page.locator('[role="status"][class$="-spinner"]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Serious and critical axe violations of the page as it stands, after its content loaded. */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  // label-content-name-mismatch (WCAG 2.5.3, label in name) is experimental in axe, so off unless asked for.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

for (const path of publicPages) {
  test(`axe: ${path} has no serious or critical violations`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe: a competition details page', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('a[href^="/competition/details/"]').first().getAttribute('href');
  await page.goto(href!);
  expect(await seriousViolations(page)).toEqual([]);
});

// One test per screen, each with a customer of its own: the session token rotates on every
// page load, so a screen never depends on what an earlier one left behind.
for (const path of accountPages) {
  test(`axe: ${path} of a signed-in customer`, async ({ browser }) => {
    const customer = await registerCustomer('Axe', 'Scanner');
    const context = await browser.newContext();
    await signInContext(context, customer);
    const page = await context.newPage();
    try {
      await page.goto(path);
      // Signed in, as the header shows it.
      await expect(page.getByRole('banner').getByText(customer.firstName, { exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test('a page change hands the keyboard focus to the main content, and a remote page arrives in place', async ({ page }) => {
  await page.goto('/faq');
  await settled(page);
  // The header link used keeps the focus until the next page is shown; then the main content has it,
  // so the next Tab goes into the new page rather than back through the header from the top.
  await page.getByRole('banner').getByRole('link', { name: 'Draw Results', exact: true }).click();
  await expect(page).toHaveURL(/\/draw\/results$/);
  await expect(page.locator('#sh-main')).toBeFocused();
  await settled(page);
  await expect(page.locator('#sh-main')).toBeFocused();
});
