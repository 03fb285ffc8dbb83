import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { calls, type CallName } from '@cgg/contracts';
import { catalogueWithoutServerBuild, deployCatalogueCopy, rebuildCatalogue } from '../support/catalogue-release.ts';
import { startShellWith } from '../support/degraded-shell.ts';
import { holdTheApp } from '../support/hold-the-app.ts';
import { spareE2ePort } from '../support/site.ts';
import { listedCompetitions } from '../support/competitions.ts';
import { registerCustomer, signInContext } from '../support/customers.ts';

/** The page has hydrated and settled: the header widgets load only after the page's own part rendered. */
async function interactive(page: Page) {
  await expect(page.getByRole('banner').locator('[data-boundary="account"]')).toBeVisible();
  await expect(page.getByRole('banner').locator('[data-boundary="cart-checkout"]')).toBeVisible();
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page lists competitions with their prices', async ({ page }) => {
    const [first] = await listedCompetitions(10);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: first!.title }).first()).toBeVisible();
    const cards = page.locator('article.cat-card');
    expect(await cards.count()).toBeGreaterThan(3);
    await expect(cards.first()).toContainText(/£\d+\.\d{2}\s*per entry/);
  });

  test('a details page shows its title, price, tickets left and draw date', async ({ page }) => {
    const [c] = await listedCompetitions(10);
    await page.goto(`/competition/details/x-${c!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: c!.title })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText(/£\d+\.\d{2}/);
    await expect(main).toContainText(/[\d,]+ tickets left|SOLD OUT/);
    await expect(main).toContainText(/Draw|draw/);
    // The draw date as the page states it (e.g. "November 28, 2026").
    const drawDay = new Date(`${c!.draw_date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'Europe/London' });
    await expect(main).toContainText(drawDay);
  });
});

// A signed-in customer's pages are rendered on the server as a visitor's (the API answers the
// catalogue's calls alike for both), and the browser starts from the same answers: a spinner or a
// second ask there would not match the HTML (the page rebuilt in the browser) or would be wasted.
test.describe('hydration', () => {
  for (const who of ['a visitor', 'a signed-in customer'] as const) {
    for (const [name, path] of [
      ['home', '/'],
      ['a details page', null],
      ['the competition list', '/competitions/all'],
      ['the draw results', '/draw/results'],
      ['the FAQ', '/faq'],
    ] as const) {
      test(`${name}, for ${who}: hydrates without an error or warning, and asks the API nothing the HTML carried`, async ({ browser, request }) => {
        const target = path ?? `/competition/details/x-${(await listedCompetitions(10))[0]!.id}`;
        const html = await (await request.get(target)).text();
        expect(html).toContain('data-server-rendered="true"');
        const carried = JSON.parse(/id="cgg-page-data">([^<]*)</.exec(html)![1]!) as { entries: { call: string }[] };
        const routes = new Set(carried.entries.map((e) => e.call));
        expect(routes.size).toBeGreaterThan(1);

        const context = await browser.newContext();
        const customer = who === 'a signed-in customer' ? await registerCustomer('Hydra', 'Tion') : null;
        if (customer) await signInContext(context, customer);
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (m: ConsoleMessage) => {
          if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
        const asked: string[] = [];
        page.on('request', (r) => {
          const url = new URL(r.url());
          const route = url.searchParams.get('rest_route') ?? url.pathname;
          if (route.startsWith('/api/v1/') || route.startsWith('/wp-json/api/v1/')) asked.push(route);
        });
        await page.goto(target);
        await interactive(page);
        if (customer) await expect(page.getByRole('banner').getByText(customer.firstName, { exact: true })).toBeVisible();
        if (name === 'home') {
          // The sections below the fold hydrate later (when near the viewport or idle): once they
          // have, the next draw's countdown ticks.
          const countdown = page.locator('#next-draw [role="timer"]');
          await countdown.scrollIntoViewIfNeeded();
          const first = await countdown.textContent();
          await expect.poll(() => countdown.textContent()).not.toBe(first);
        }
        expect(problems).toEqual([]);
        // The page's own reads were answered by its HTML (the basket and account widgets ask for their own).
        const carriedRoutes = [...routes].map((call) => calls[call as CallName].route);
        expect(asked.filter((route) => carriedRoutes.some((r) => route.endsWith(r)))).toEqual([]);
        await context.close();
      });
    }
  }
});

test("home: the page data carries the cards' view of the competitions, a details page the whole competition", async ({ request }) => {
  const carried = async (path: string) =>
    (JSON.parse(/id="cgg-page-data">([^<]*)</.exec(await (await request.get(path)).text())![1]!) as { entries: { call: string; response: { data: unknown } }[] }).entries;
  const home = await carried('/');
  const featured = home.find((e) => e.call === 'featuredCompetition')!.response.data as { featured: { description: string }[]; competitions: { id: number; description: string; title: string }[] };
  const cards = [...featured.featured, ...featured.competitions];
  expect(cards.length).toBeGreaterThan(3);
  // What the cards show is there; the descriptions only a details page shows are not.
  expect(cards.every((c) => c.description === '')).toBe(true);
  const [first] = featured.competitions;
  const details = await carried(`/competition/details/x-${first!.id}`);
  const whole = details.find((e) => e.call === 'getcompetition')!.response.data as { title: string; description: string };
  expect(whole.title).toBe(first!.title);
  expect(whole.description).not.toBe('');
});

test('home: the server-rendered sections below the fold hydrate in place, never rebuilt', async ({ page }) => {
  // Every section node that leaves the page, from the first byte of HTML on.
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedSections: string[] }).removedSections = removed;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.removedNodes) if (n instanceof HTMLElement && n.matches('section')) removed.push(n.className);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await interactive(page);
  // The next draw's countdown ticks: its section has hydrated (they open together).
  const countdown = page.locator('#next-draw [role="timer"]');
  await countdown.scrollIntoViewIfNeeded();
  const first = await countdown.textContent();
  await expect.poll(() => countdown.textContent()).not.toBe(first);
  await expect(page.locator('#finished-competitions article.cat-card').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { removedSections: string[] }).removedSections)).toEqual([]);
});

test('a page scrolled before the app starts stays where the visitor scrolled it, and its links work', async ({ page }) => {
  // The app's script is held back, so the visitor surely scrolls first (on a slow phone they can).
  const release = await holdTheApp(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Responsible play', exact: true });
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  release();
  await interactive(page);
  // Started, the app left the page where it was (it used to scroll to the top: a tap then hit
  // whatever had moved under the finger), and the footer's link goes where it says.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Responsible play' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("a remote whose server build is down is rendered in the browser; the rest of the page comes from the server", async ({ page, request }) => {
  const stops: (() => Promise<void>)[] = [];
  try {
    const catalogue = await catalogueWithoutServerBuild(spareE2ePort(20));
    stops.push(catalogue.stop);
    const shell = await startShellWith({ catalogue: catalogue.url }, spareE2ePort(21));
    stops.push(shell.stop);
    const html = await (await request.get(`${shell.url}/`)).text();
    expect(html).toContain('data-server-rendered="true"');
    // Header and footer are server-rendered; the catalogue's slot holds its loading state.
    expect(html).toContain('Skip to content');
    expect(html).toContain('Registered in England and Wales');
    expect(html).toContain('Loading the competitions');
    expect(html).not.toContain('data-boundary="catalogue"');
    await page.goto(`${shell.url}/`);
    await expect(page.getByRole('region', { name: 'Featured competitions slideshow' })).toBeVisible();
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
});

test('a redeployed remote changes the server-rendered HTML, the shell untouched', async ({ request }) => {
  test.setTimeout(180_000);
  const stops: (() => unknown)[] = [];
  try {
    const catalogue = await deployCatalogueCopy(spareE2ePort(22));
    stops.push(catalogue.stop);
    const shell = await startShellWith({ catalogue: catalogue.url }, spareE2ePort(23));
    stops.push(shell.stop);
    const rebuilt = rebuildCatalogue('src/home/home-page.tsx', (source) => source.replace('CGG Competitions: win cars, tech, cash and holidays', 'CGG Competitions: redeployed without the shell'));
    stops.push(rebuilt.clean);
    const before = await (await request.get(`${shell.url}/`)).text();
    expect(before).toContain('CGG Competitions: win cars, tech, cash and holidays');
    await catalogue.redeploy(rebuilt.build);
    // The shell checks a remote's server entry at most once a second: the next pages show the release.
    await expect.poll(async () => (await request.get(`${shell.url}/`)).text(), { timeout: 10_000 }).toContain('CGG Competitions: redeployed without the shell');
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
});
