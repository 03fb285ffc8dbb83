import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { registerCustomer, signInContext } from '../support/customers.ts';
import { sql } from '../support/db.ts';
import { startShellWithout } from '../support/degraded-shell.ts';
import { buyTickets, createAllWinsCompetition } from '../support/instant-win.ts';
import { remoteURLs, spareE2ePort } from '../support/site.ts';
import { claimInstantPrize, markPrizeSent } from '../support/fulfilment.ts';
import { prizePhoto } from '../support/prize-photo.ts';
import { choosePasswordWithLink, createStaffWithCli, enterPassword, firstSignIn } from '../support/staff.ts';

// The back office (issue 16) under /admin: staff sign-in with a second factor, staff management,
// refunds within a support member's limit, and the audit log that records each of them.

test('an admin adds a support member with a refund limit; support refunds part of an order within it; the audit log shows every step', async ({ page, request }) => {
  // Names of their own: --repeat-each and reruns share one database.
  const run = `${Date.now()}`.slice(-6);
  const admin = createStaffWithCli('admin', `Ada Admin ${run}`);
  const supportName = `Sam Support ${run}`;
  const { recoveryCodes } = await firstSignIn(page, admin);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveText('DashboardCompetitionsFulfilmentCouponsCustomersReviewsRefundsComplaintsChatSite contentStaffAudit logFailed jobsPayment problems');

  // Staff: add a support member, then give them a £1 refund limit.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  const supportEmail = `sam.${run}.${Math.floor(Math.random() * 1e6)}@cgg.test`;
  const form = page.getByRole('form', { name: 'Add a staff member' });
  await form.getByLabel('Email address').fill(supportEmail);
  await form.getByLabel('Name').fill(supportName);
  await form.getByLabel('Role').selectOption('support');
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByRole('status')).toHaveText(`Added ${supportName} (${supportEmail}). We have emailed them a link to choose their password (it works for 3 days); their first sign-in then sets up their authenticator app.`);
  const row = page.getByRole('row', { name: supportName });
  await row.getByLabel(`Refund limit of ${supportName} (£)`).fill('1');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByLabel(`Refund limit of ${supportName} (£)`)).toHaveValue('1.00');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You have signed out of the back office.')).toBeVisible();

  // A customer's card order (99p a ticket, 3 tickets).
  const customer = await registerCustomer('Rhiannon', 'Refundable');
  const competition = await createAllWinsCompetition(`Refund test ${Date.now()}`, 3);
  const order = await buyTickets(request, customer.token, competition.productId, 3);

  // Support: their password chosen with the mailed link (the admin never knew it), their first
  // sign-in, then a refund over their limit (refused) and one within it.
  const support = { email: supportEmail, name: supportName, password: '' };
  await choosePasswordWithLink(page, support, 'Support-Own-Pass-2026');
  await firstSignIn(page, support);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveText('DashboardCompetitionsCustomersReviewsRefundsComplaintsChat');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Refunds' }).click();
  await page.getByLabel('Order number').fill(String(order.order_id));
  await page.getByLabel('Reason').fill('Customer bought one ticket too many');
  await page.getByRole('button', { name: 'Refund' }).click();
  // Asked first, naming the order: nothing moves on one press.
  await expect(page.getByRole('group', { name: 'Confirm the refund' })).toContainText(`Refund all that is left of order #${order.order_id} to the card?`);
  await page.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your refund limit is £1.00; ask an admin to refund more.');
  await page.getByLabel('Amount (£)').fill('0.99');
  await page.getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(page.getByRole('status')).toContainText(`Refunded £0.99 of order #${order.order_id}`);
  await expect(page.getByRole('status')).toContainText('Left to refund: £1.98.');

  // ...then finds the customer and notes what was agreed.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel('Name, email, customer or order number, or competition:ticket').fill(`#${order.order_id}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Rhiannon Refundable' }).click();
  await expect(page.getByRole('table').first()).toContainText(`#${order.order_id}`);
  await page.getByLabel('New note').fill('Refunded one ticket bought by mistake.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText(`Refunded one ticket bought by mistake.${supportName} <${supportEmail}>`);
  // The order, still paid in part, leads back to its refund with its number filled in.
  const orderRow = page.getByRole('row').filter({ hasText: `#${order.order_id}` });
  await expect(orderRow.getByRole('cell').nth(2)).toHaveText('Paid');
  await orderRow.getByRole('link', { name: `Refund #${order.order_id}` }).click();
  await expect(page.getByLabel('Order number')).toHaveValue(String(order.order_id));
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The admin again, with a recovery code this time, reads the log.
  await enterPassword(page, admin);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').selectOption('order.refund');
  const refund = page.getByRole('row').filter({ hasText: `order #${order.order_id}` });
  await expect(refund).toContainText(`${supportName} <${supportEmail}>`);
  await expect(refund).toContainText('Customer bought one ticket too many');
  await page.getByLabel('Action').selectOption('');
  await page.getByLabel('Staff member').selectOption(admin.name);
  const entries = page.getByRole('table').getByRole('row');
  await expect(entries.filter({ hasText: 'staff.create' })).toContainText(supportEmail);
  await expect(entries.filter({ hasText: 'staff.update' })).toContainText('"refund_limit":"1.00"');
  await expect(entries.filter({ hasText: 'staff.enrol-second-factor' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'staff.sign-in' })).toContainText('recovery code');
});

test("an operator records a postal entry that arrived before the close, finds a closed competition's entries, downloads them, runs the draw and fulfils a winner's claim; the winner's account shows it", async ({ page, browser, request }) => {
  const run = `${Date.now()}`.slice(-6);
  const customer = await registerCustomer('Winifred', `Winner${run}`);
  const competition = await createAllWinsCompetition(`Operator journey ${run}`, 3);
  const order = await buyTickets(request, customer.token, competition.productId, 2);
  // Time passes: entries close (the competition had been on sale for days).
  await sql(`UPDATE competitions SET created_at = now() - interval '3 days', closing_at = now() - interval '1 minute' WHERE id = $1`, [competition.id]);
  const win = order.extensions.cgg.instant_wins[0]!;
  await claimInstantPrize(request, customer, win.win_id, { first: 'Winifred', last: 'Winner' });

  const operator = createStaffWithCli('operator', `Olu Operator ${run}`);
  await firstSignIn(page, operator);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Competitions' }).click();
  await page.getByLabel('Stage').selectOption('closed');
  await page.getByLabel('Title').fill(`Operator journey ${run}`);
  await page.getByRole('link', { name: competition.title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(competition.title);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('table')).toContainText(`order #${order.order_id}`);

  // A free postal entry that arrived yesterday, before the close, keyed in today: still entered.
  await page.getByLabel('When these entries arrived (London time)').fill(londonInput(-1));
  const postal = page.getByRole('form', { name: 'Record a postal entry' });
  await postal.getByLabel("Entrant's name").fill(`Pat Post ${run}`);
  await postal.getByLabel("Entrant's email").fill(`pat.post.${run}@example.co.uk`);
  await postal.getByLabel('Date of birth written on the entry').fill('1990-04-23');
  await postal.getByRole('button', { name: 'Record entry' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recorded 1 of 1 entry.' })).toContainText(new RegExp(`Pat Post ${run}: ticket \\d+`));
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('row').filter({ hasText: `Pat Post ${run}` })).toContainText('(arrived ');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all entries (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe(`competition-${competition.id}-entries.csv`);
  const csv = readFileSync((await download.path())!, 'utf8').trimEnd().split('\n');
  expect(csv[0]).toBe('ticket_number,entry_type,name,email,reference,created_at,received_at');
  expect(csv).toHaveLength(4);
  expect(csv.find((line) => line.includes(`Pat Post ${run}`))).toMatch(/,postal,.*,\d{4}-\d{2}-\d{2}T[^,]+$/);

  await page.getByRole('button', { name: 'Run the draw' }).click();
  await page.getByRole('button', { name: 'Yes, run the draw' }).click();
  const drawn = page.getByRole('status').filter({ hasText: 'Winning ticket' });
  await expect(drawn).toContainText(/Winning ticket: \d+ of 3 entries/);
  await expect(drawn.getByText(/^[0-9a-f]{64}$/)).toHaveCount(2);

  await nav.getByRole('link', { name: 'Fulfilment' }).click();
  await markPrizeSent(page, competition.title, win.win_id, 'RM123456789GB');

  // The winner sees it in their account.
  const context = await browser.newContext();
  await signInContext(context, customer);
  const account = await context.newPage();
  await account.goto('/account');
  const prizes = account.getByRole('region', { name: 'Your prizes' });
  await expect(prizes).toContainText('Fulfilled · Tracking RM123456789GB');
  await context.close();

  // Every step is in the audit log, under the operator's name (read as the database holds it).
  const actions = await sql<{ action: string }>(`SELECT action FROM staff_audit_log WHERE actor = $1 ORDER BY id`, [`${operator.name} <${operator.email}>`]);
  expect(actions.map((a) => a.action)).toEqual(['staff.enrol-second-factor', 'staff.password-change', 'postal.entry', 'entries.export', 'draw.run', 'claim.state', 'claim.state']);
});

/** London wall time `days` from now, as a datetime-local input holds it. */
const londonInput = (days: number): string => new Date(Date.now() + days * 86_400_000).toLocaleString('sv-SE', { timeZone: 'Europe/London' }).slice(0, 16).replace(' ', 'T');

test('an operator creates a competition with a photo and instant wins and publishes it; a customer buys into it and wins; the operator sees the sale, exports, draws and sends the prize', async ({ page, browser, request }) => {
  const run = `${Date.now()}`.slice(-6);
  const title = `Win a Camper Van ${run}`;
  const operator = createStaffWithCli('operator', `Opal Operator ${run}`);
  await firstSignIn(page, operator);
  const nav = page.getByRole('navigation', { name: 'Back office' });

  // The editor: every field, a photo, and the instant win imported from CSV after its preview.
  await nav.getByRole('link', { name: 'Competitions' }).click();
  const newCompetition = page.getByRole('link', { name: 'New competition' });
  // A button-styled link: its text must not take the page's link colour (the button's own).
  const colours = await newCompetition.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
  expect(colours[0]).not.toBe(colours[1]);
  await newCompetition.click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Prize photo').setInputFiles(await prizePhoto('camper.jpg'));
  await expect(page.getByRole('img', { name: 'The prize photo as the shop shows it' })).toHaveAttribute('src', /^\/wp-content\/uploads\/staff\/[0-9a-f]{24}\.jpg$/);
  await page.getByLabel('Prize value (£)').fill('30000.00');
  // Dear enough that this week's chart of the ten best-selling competitions always shows it.
  await page.getByLabel('Price per ticket (£)').fill('250.00');
  await page.getByLabel('Total tickets').fill('2');
  await page.getByLabel('Most tickets per customer').fill('2');
  await page.getByLabel('Entries close').fill(londonInput(1));
  await page.getByLabel('Draw', { exact: true }).fill(londonInput(2));
  await page.getByLabel('Import from CSV').fill('title,prize_value,quantity\nCamping Kit,250.00,1');
  await page.getByRole('button', { name: 'Preview the import' }).click();
  await expect(page.getByRole('region', { name: 'Import preview' })).toContainText('1 of 1 line will be added: 1 prize on 1 ticket numbers.');
  await page.getByRole('button', { name: 'Add 1 prize' }).click();
  await page.getByRole('button', { name: 'Save as a draft' }).click();
  await expect(page.getByText('Saved as a draft: the shop does not show it until you publish it.')).toBeVisible();
  const id = Number(/\/admin\/competitions\/(\d+)$/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: the competition is on the shop.')).toBeVisible();

  // A customer finds it on the shop and buys both tickets: one carries the instant win.
  // (Looked at as a visitor: a signed-in page renews the customer's token, which the API calls below hold.)
  const visitor = await browser.newContext();
  const shop = await visitor.newPage();
  await shop.goto(`/competition/info/${id}`);
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText(title);
  await visitor.close();
  const customer = await registerCustomer('Carys', `Camper${run}`);
  const [product] = await sql<{ competition_product_id: number }>('SELECT competition_product_id FROM competitions WHERE id = $1', [id]);
  const order = await buyTickets(request, customer.token, product!.competition_product_id, 2);
  expect(order.extensions.cgg.instant_wins).toHaveLength(1);
  const win = order.extensions.cgg.instant_wins[0]!;
  await claimInstantPrize(request, customer, win.win_id, { first: 'Carys', last: 'Camper' });

  // The operator sees the sale, then (entries closed) exports the entries and runs the draw.
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  const sales = page.getByRole('figure', { name: 'Sales per competition this week' });
  await sales.getByText('The numbers').click();
  await expect(sales.getByRole('row', { name: new RegExp(title) })).toContainText('500.00');
  await sql(`UPDATE competitions SET closing_at = now() - interval '1 minute' WHERE id = $1`, [id]);
  await nav.getByRole('link', { name: 'Competitions' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByRole('link', { name: title }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all entries (CSV)' }).click()]);
  expect(readFileSync((await download.path())!, 'utf8').trimEnd().split('\n')).toHaveLength(3);
  await page.getByRole('button', { name: 'Run the draw' }).click();
  await page.getByRole('button', { name: 'Yes, run the draw' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Winning ticket' })).toContainText(/Winning ticket: [12] of 2 entries/);

  // The instant-win prize goes out; the winner's account shows it.
  await nav.getByRole('link', { name: 'Fulfilment' }).click();
  await markPrizeSent(page, title, win.win_id, 'RM555000111GB');
  const context = await browser.newContext();
  await signInContext(context, customer);
  const account = await context.newPage();
  await account.goto('/account');
  await expect(account.getByRole('region', { name: 'Your prizes' })).toContainText('Fulfilled · Tracking RM555000111GB');
  await context.close();

  const actions = await sql<{ action: string }>(`SELECT action FROM staff_audit_log WHERE actor = $1 ORDER BY id`, [`${operator.name} <${operator.email}>`]);
  expect(actions.map((a) => a.action)).toEqual([
    'staff.enrol-second-factor', 'staff.password-change', 'image.upload', 'competition.create', 'competition.publish', 'entries.export', 'draw.run', 'claim.state', 'claim.state',
  ]);
});

test("an operator cancels a competition; its refunds run in the background until done; the customer's order is refunded, its tickets out of the draw, the competition's page says why", async ({ page, browser, request }) => {
  const run = `${Date.now()}`.slice(-6);
  const customer = await registerCustomer('Casimir', `Cancelled${run}`);
  const competition = await createAllWinsCompetition(`Cancel journey ${run}`, 5);
  // An ordinary competition: no instant wins (a won ticket would stay with its winner).
  await sql('DELETE FROM instant_win_tickets WHERE competition_id = $1', [competition.id]);
  const order = await buyTickets(request, customer.token, competition.productId, 2);

  const operator = createStaffWithCli('operator', `Cara Canceller ${run}`);
  await firstSignIn(page, operator);
  await page.goto(`/admin/competitions/${competition.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(competition.title);
  const panel = page.getByRole('region', { name: 'Cancel competition and refund everyone' });
  await panel.getByLabel('Reason').fill('The prize supplier has let us down');
  await panel.getByRole('button', { name: 'Cancel competition and refund everyone' }).click();
  await panel.getByRole('button', { name: 'Yes, cancel and refund everyone' }).click();
  // The answer comes at once; the job refunds in the background and the panel follows it.
  await expect(panel.getByText('All 1 order(s) refunded, £1.98 in all.')).toBeVisible();
  await expect(page.locator('.bo-facts')).toContainText('Cancelled, refunded');
  await expect(panel.getByRole('button', { name: 'Refund the rest' })).toHaveCount(0);

  // The customer: the order refunded, its tickets out of the draw.
  const context = await browser.newContext();
  await signInContext(context, customer);
  const shopper = await context.newPage();
  await Promise.all([shopper.waitForResponse((r) => r.url().includes('/api/v1/check-auth')), shopper.goto(`/account/recent/orders/order-detail/${order.order_id}`)]);
  await expect(shopper.getByText(`Order #${order.order_id} was placed on`)).toContainText('is currently refunded');
  await expect(shopper.getByRole('cell', { name: 'None: not in the draw' })).toBeVisible();
  // The competition's own page says it was cancelled, rather than waiting for a draw.
  await shopper.goto(`/competition/info/${competition.id}`);
  await expect(shopper.getByText('This competition was cancelled: it will not be drawn, and everyone who entered has been refunded.')).toBeVisible();
  await expect(shopper.getByText('Draw date: None: the competition was cancelled.')).toBeVisible();
  await context.close();
});

test("the shop's pages never download the back office; /admin does, and is not for search engines", async ({ page }) => {
  const fromBackOffice: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(remoteURLs.backoffice)) fromBackOffice.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(fromBackOffice).toEqual([]);

  const answer = await page.goto('/admin');
  expect(await answer!.text()).toContain('<meta name="robots" content="noindex" />');
  await expect(page.getByRole('heading', { name: 'Back office sign in' })).toBeVisible();
  expect(fromBackOffice.length).toBeGreaterThan(0);
  // The staff layout: none of the shop's header, footer or basket.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('with the back-office remote stopped, /admin says so and the shop still works', async ({ page }) => {
  const shell = await startShellWithout('backoffice', spareE2ePort(4));
  try {
    await page.goto(`${shell.url}/admin`);
    await expect(page.getByRole('alert')).toContainText('The back office is unavailable right now. Please try again in a moment.');
    await page.goto(`${shell.url}/faq`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /unavailable/i })).toHaveCount(0);
  } finally {
    await shell.stop();
  }
});
