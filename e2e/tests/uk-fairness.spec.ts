import { expect, test } from '@playwright/test';
import { listedCompetitions } from '../support/competitions.ts';

/* UK prize-draw code (issue 17): a competition page states the odds and the free entry route; responsible play is a footer link away. */

test('a competition page shows the odds and the free postal route beside the buy button, in its server-rendered HTML too', async ({ page, request }) => {
  const c = (await listedCompetitions(1))[0]!;
  const url = `/competition/details/${encodeURIComponent(c.title)}--${c.id}`;
  const total = c.total_sell_tickets.toLocaleString('en-GB');
  const odds = `Odds of winning: 1 in ${total} at most (${total} entries maximum)`;

  // What a visitor without JavaScript (or a crawler) gets.
  const html = await (await request.get(url)).text();
  expect(html).toContain('data-server-rendered="true"');
  expect(html).toContain(`1 in ${total} at most (${total} entries maximum)`);
  expect(html).toContain('Free entry by post');
  expect(html).toContain('Free postal entries take part in the draw and the instant wins exactly like paid ones.');

  await page.goto(url);
  const catalogue = page.locator('[data-boundary="catalogue"]');
  await expect(catalogue.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
  await expect(catalogue.getByText(odds)).toBeVisible();
  const free = catalogue.getByRole('region', { name: 'Free entry by post' });
  await expect(free).toBeVisible();
  await expect(free.getByText(/Free postal entries take part in the draw and the instant wins exactly like paid ones/)).toBeVisible();
  await expect(free.getByText('Send it to:')).toBeVisible();
  await free.getByRole('link', { name: 'How to enter for free by post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Free postal entry route' })).toBeVisible();
});

test('the responsible-play page is reachable from the footer', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Responsible play', exact: true }).click();
  await expect(page).toHaveURL(/\/responsible-play$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Responsible play' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What we do to keep play safe' })).toContainText('including a limit of £0');
  await expect(page.getByRole('link', { name: '0808 8020 133' })).toBeVisible();
});
