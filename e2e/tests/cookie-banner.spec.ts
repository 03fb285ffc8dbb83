import { expect, test } from '@playwright/test';

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
