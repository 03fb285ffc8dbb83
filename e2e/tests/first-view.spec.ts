import { expect, test } from '@playwright/test';
import { baseURL } from '../support/site.ts';
import { listedCompetitions } from '../support/competitions.ts';

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

test("a shared details link's raw HTML carries the competition's title, image and Product data", async ({ request }) => {
  const c = (await listedCompetitions(1))[0]!;
  // The pop-up's link form: what a link previewer fetches, with no JavaScript run.
  const res = await request.get(`/competition/details/${encodeURIComponent(c.title)}--${c.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toContain(c.title.replace(/&/g, '&amp;'));
  expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toBe(new URL(c.image, baseURL).toString());
  expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toMatch(new RegExp(`/competition/details/[a-z0-9-]+-${c.id}$`));
  const jsonLd = JSON.parse(attr(html, /<script[^>]*type="application\/ld\+json">([^<]*)<\/script>/) ?? 'null') as { '@type': string; name: string; offers: { priceCurrency: string } };
  expect(jsonLd).toMatchObject({ '@type': 'Product', name: c.title, offers: { priceCurrency: 'GBP' } });
});

test("the home page preloads the image its carousel shows first", async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const preloaded = attr(html, /<link rel="preload" as="image" href="([^"]*)" fetchpriority="high"/);
  expect(preloaded).toBeTruthy();
  await page.goto('/');
  const firstSlide = page.getByRole('group', { name: /^1 of / }).locator('img');
  await expect(firstSlide).toHaveAttribute('src', preloaded!.replace(/&amp;/g, '&'));
});

test('a competition that does not exist is a 404 that still shows the site', async ({ page }) => {
  const res = await page.goto('/competition/details/no-such-prize-99999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('banner')).toBeVisible();
});

test('robots.txt keeps crawlers out of accounts and the sitemap lists competitions', async ({ request }) => {
  const c = (await listedCompetitions(1))[0]!;
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /account');
  expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL)}`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/competition/details/[a-z0-9-]+-${c.id}</loc>`));
});

test('the home page starts with what its HTML carried: no request for the remotes, the settings or the competitions', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    asked.push(url.searchParams.get('rest_route') ?? url.pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured competitions slideshow' })).toBeVisible();
  await expect(page.getByRole('banner').locator('[data-boundary="account"]')).toBeVisible();
  await expect(page.getByRole('banner').locator('[data-boundary="cart-checkout"]')).toBeVisible();
  // The announcement bar shows the settings the page carried.
  await expect(page.getByRole('complementary', { name: 'Announcement' })).toBeVisible();
  expect(asked).not.toContain('/remotes.json');
  expect(asked).not.toContain('/api/v1/featured_competition');
  expect(asked).not.toContain('/api/v1/getsettings');
  expect(asked).not.toContain('/api/v1/getSEOSettings');
});
