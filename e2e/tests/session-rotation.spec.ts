import { expect, test } from '@playwright/test';
import { registerCustomer, signInContext } from '../support/customers.ts';

/*
 * The account remote rotates the customer's token with check-auth at every page load. A customer
 * who moves on before that answer arrives must stay signed in: the old token keeps working for a
 * minute after it was replaced (shop-api sessions.ts; its tests cover tabs checking at once).
 */

test('a customer who leaves a page before its check-auth answered is still signed in on the next', async ({ browser }) => {
  const customer = await registerCustomer('Quick', 'Tapper');
  const context = await browser.newContext();
  await signInContext(context, customer);
  const page = await context.newPage();
  // The first page's check-auth reaches the API (the token is rotated there), but its answer, and
  // the new token in it, never reach the page: the customer tapped on first.
  let rotated!: () => void;
  const rotatedOnServer = new Promise<void>((resolve) => (rotated = resolve));
  await page.route((url) => url.href.includes('check-auth'), async (route) => {
    await route.fetch();
    rotated();
  });
  await page.goto('/faq');
  await rotatedOnServer;
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/how-it-works');
  await expect(page.getByRole('banner').getByText(customer.firstName, { exact: true })).toBeVisible();
  await context.close();
});
