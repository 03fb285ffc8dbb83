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

/** Serious and critical axe violations of the page as it stands, after its content loaded. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // Let spinners resolve before scanning.
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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

test('axe: the account screens of a signed-in customer', async ({ browser }) => {
  const customer = await registerCustomer('Axe', 'Scanner');
  const context = await browser.newContext();
  await signInContext(context, customer);
  const page = await context.newPage();
  try {
    const found: Record<string, string[]> = {};
    for (const path of accountPages) {
      await page.goto(path);
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  } finally {
    await context.close();
  }
});
