import { expect, test } from '@playwright/test';
import { listedCompetitions } from '../support/competitions.ts';
import { apiURL } from '../support/site.ts';

test('home shows the seeded competitions from the API', async ({ page }) => {
  const competitions = await listedCompetitions();
  expect(competitions.length).toBeGreaterThanOrEqual(10);
  await page.goto('/');
  const catalogue = page.locator('[data-boundary="catalogue"]');
  await expect(catalogue).toBeVisible();
  // Every open competition appears on the home page's "comps for everyone" section. Those
  // closing before the day after tomorrow are left out: near midnight one may close while the page loads.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const lasting = competitions.filter((c) => c.closing_date > tomorrow);
  expect(lasting.length).toBeGreaterThanOrEqual(5);
  for (const c of lasting.slice(0, 5)) {
    await expect(catalogue.getByText(c.title, { exact: false }).first()).toBeAttached();
  }
});

test('a details page opens from a card', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('[data-boundary="catalogue"] a[href^="/competition/details/"]').first();
  await card.scrollIntoViewIfNeeded();
  const href = await card.getAttribute('href');
  expect(href).toMatch(/^\/competition\/details\/[\w-]+-\d+$/);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  const id = Number(/-(\d+)$/.exec(href ?? '')?.[1]);
  const res = await fetch(`${apiURL}/?rest_route=/api/v1/getcompetition`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id }),
  });
  const { data } = (await res.json()) as { data: { title: string } };
  await expect(page.getByRole('heading', { level: 1, name: data.title })).toBeVisible();
});

test('unknown paths show the not-found page inside the site layout', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
});
