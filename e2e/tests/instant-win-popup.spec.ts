import { expect, test } from '@playwright/test';
import { registerCustomer } from '../support/customers.ts';
import { sql } from '../support/db.ts';
import { buyTickets, createAllWinsCompetition, emptyInstantWinFeed, instantWinFeedHolds } from '../support/instant-win.ts';

/*
 * The live instant-win feed across two browsers: customer A's checkout wins; the API
 * publishes the win (outbox -> Realtime Database) after the order commits; customer B,
 * browsing the home page, sees the pop-up (first name only) and clicks through to the
 * competition through the spec's competition/details/{title}--{main_id} link.
 */
test('a win in one browser pops up in another, which opens the competition', async ({ browser }) => {
  const competition = await createAllWinsCompetition(`Instant Win Pop-up Test ${Date.now()}`);
  const winner = await registerCustomer('Zebedee', 'Quillfeather');
  await emptyInstantWinFeed();

  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  const errors: string[] = [];
  pageB.on('pageerror', (e) => errors.push(e.message));
  // The pop-up's chunk (with its database client) arrives once the page is interactive. The wait starts
  // before the navigation, so a fast answer cannot slip past it.
  const feedConfigured = pageB.waitForResponse((r) => r.url().endsWith('/runtime-config.json'));
  await pageB.goto('/');
  await feedConfigured;

  const contextA = await browser.newContext();
  const answer = await buyTickets(contextA.request, winner.token, competition.productId, 1);
  expect(answer.extensions.cgg.instant_wins).toEqual([expect.objectContaining({ competition_id: competition.id, prize_title: '£25 Amazon Voucher' })]);

  const popup = pageB.getByTestId('instant-win-popup');
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await expect(popup).toContainText('Zebedee just won £25 Amazon Voucher!');
  await expect(popup).toContainText(competition.title);
  await expect(popup).not.toContainText('Quillfeather');
  await expect(pageB.getByRole('status').filter({ has: popup })).toHaveAttribute('aria-live', 'polite');

  // Published after the commit, with the public name only.
  const [row] = await sql<{ id: number; published_at: Date | null; user_name: string }>('SELECT id, published_at, user_name FROM instant_win_feed_outbox WHERE competition_id = $1', [competition.id]);
  expect(row).toMatchObject({ user_name: 'Zebedee Q.' });
  expect(row!.published_at).not.toBeNull();
  // The browser that read the record deleted it from the feed (spec section 9: 100 ms after reading).
  await expect.poll(() => instantWinFeedHolds(row!.id)).toBe(false);

  await popup.getByRole('link').click();
  await expect(pageB).toHaveURL(new RegExp(`/competition/details/${encodeURIComponent(competition.title)}--${competition.id}$`));
  // The details page's own heading: the list's cards carry the same title until it is replaced.
  await expect(pageB.getByRole('heading', { level: 1, name: competition.title })).toBeVisible();
  await expect(popup).toBeHidden();
  expect(errors).toEqual([]);

  await contextA.close();
  await contextB.close();
});
