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

test("the home page's instant wins \"View all\" lists the instant-win competitions only", async ({ page }) => {
  const open = (await listedCompetitions()).filter((c) => c.status === 'open');
  const withWins = open.filter((c) => c.enable_instant_wins);
  const without = open.filter((c) => !c.enable_instant_wins);
  expect(withWins.length).toBeGreaterThan(0);
  expect(without.length).toBeGreaterThan(0);
  await page.goto('/');
  // The instant-wins section's own "View all" (the header's chip links there too), in the part of the page that loads as it scrolls in.
  const viewAll = page.locator('[data-section="instant-wins"]').getByRole('link', { name: 'View all' });
  await viewAll.scrollIntoViewIfNeeded();
  await viewAll.click();
  await expect(page).toHaveURL(/\/competitions\/instant_win_comps$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Instant win competitions');
  const list = page.locator('[data-boundary="catalogue"]');
  await expect(list.locator('a[href^="/competition/details/"]').first()).toBeVisible();
  // None of the competitions without instant wins is listed (other specs may add competitions meanwhile: only these known ones are judged).
  const shown = await list.locator('a[href^="/competition/details/"]').evaluateAll((cards) => cards.map((a) => a.getAttribute('href')));
  const ids = shown.map((href) => Number(/-(\d+)$/.exec(href ?? '')?.[1]));
  expect(ids.filter((id) => without.some((c) => c.id === id))).toEqual([]);
});
