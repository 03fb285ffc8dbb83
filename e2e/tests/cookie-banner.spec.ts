import { expect, test } from '@playwright/test';
import { holdTheApp } from '../support/hold-the-app.ts';

const BANNER_TEXT =
  'We use cookies to ensure that we give you the best experience on our app & website. If you continue we will assume you accept our updated Policy.';

test('OK remembers cookie acceptance for 7 days', async ({ page, context }) => {
  await page.goto('/');
  const banner = page.getByText(BANNER_TEXT);
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(banner).toBeHidden();

  const cookie = (await context.cookies()).find((c) => c.name === 'cggcookie');
  expect(cookie).toBeDefined();
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7.01);

  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText(BANNER_TEXT)).toBeHidden();
});

test('Privacy Policy goes to the legal terms privacy tab', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/legal-terms\?tab=3$/);
  await expect(page.getByText(BANNER_TEXT)).toBeVisible();
});

test('a server-rendered page shows the banner before the app starts, and never to a visitor who accepted', async ({ page, context }) => {
  let release = await holdTheApp(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByText(BANNER_TEXT)).toBeVisible();
  // OK tapped before the app is there is held, then done once it is (shell/src/app/early-taps.ts).
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  release();
  await expect(page.getByText(BANNER_TEXT)).toBeHidden();
  expect((await context.cookies()).some((c) => c.name === 'cggcookie')).toBe(true);

  // Accepted: the next page's HTML has the banner too (it is the same for everyone), hidden from the
  // first paint, and it stays hidden once the app has started.
  await page.unrouteAll();
  release = await holdTheApp(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('.sh-cookie')).toBeAttached();
  await expect(page.getByText(BANNER_TEXT)).toBeHidden();
  release();
  await expect(page.getByRole('banner').locator('[data-boundary="cart-checkout"]')).toBeVisible();
  await expect(page.locator('.sh-cookie')).not.toBeAttached();
});
