import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { registerCustomer, signInContext } from '../support/customers.ts';
import { sql } from '../support/db.ts';
import { startShellWithout } from '../support/degraded-shell.ts';
import { buyTickets, createAllWinsCompetition } from '../support/instant-win.ts';
import { apiURL, remoteURLs, spareE2ePort } from '../support/site.ts';
import { createStaffWithCli, enterPassword, firstSignIn } from '../support/staff.ts';

// The back office (issue 16) under /admin: staff sign-in with a second factor, staff management,
// refunds within a support member's limit, and the audit log that records each of them.

test('an admin adds a support member with a refund limit; support refunds part of an order within it; the audit log shows every step', async ({ page, request }) => {
  // Names of their own: --repeat-each and reruns share one database.
  const run = `${Date.now()}`.slice(-6);
  const admin = createStaffWithCli('admin', `Ada Admin ${run}`);
  const supportName = `Sam Support ${run}`;
  const { recoveryCodes } = await firstSignIn(page, admin);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveText('DashboardCompetitionsFulfilmentCustomersRefundsSite contentStaffAudit log');

  // Staff: add a support member, then give them a £1 refund limit.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  const supportEmail = `sam.${run}.${Math.floor(Math.random() * 1e6)}@cgg.test`;
  const form = page.getByRole('form', { name: 'Add a staff member' });
  await form.getByLabel('Email address').fill(supportEmail);
  await form.getByLabel('Name').fill(supportName);
  await form.getByLabel('Role').selectOption('support');
  await form.getByLabel('First password').fill('Support-Pass-2026');
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByRole('status')).toHaveText(`Added ${supportName} (${supportEmail}). Their first sign-in sets up their authenticator app.`);
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

  // Support: their first sign-in, then a refund over their limit (refused) and one within it.
  await firstSignIn(page, { email: supportEmail, name: supportName, password: 'Support-Pass-2026' });
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveText('DashboardCompetitionsCustomersRefunds');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Refunds' }).click();
  await page.getByLabel('Order number').fill(String(order.order_id));
  await page.getByLabel('Reason').fill('Customer bought one ticket too many');
  await page.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your refund limit is £1.00; ask an admin to refund more.');
  await page.getByLabel('Amount (£)').fill('0.99');
  await page.getByRole('button', { name: 'Refund' }).click();
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

test("an operator finds a closed competition's entries, downloads them, runs the draw and fulfils a winner's claim; the winner's account shows it", async ({ page, browser, request }) => {
  const run = `${Date.now()}`.slice(-6);
  const customer = await registerCustomer('Winifred', `Winner${run}`);
  const competition = await createAllWinsCompetition(`Operator journey ${run}`, 3);
  const order = await buyTickets(request, customer.token, competition.productId, 2);
  // Time passes: entries close.
  await sql(`UPDATE competitions SET closing_at = now() - interval '1 minute' WHERE id = $1`, [competition.id]);
  const win = order.extensions.cgg.instant_wins[0]!;
  const claimed = await request.post(`${apiURL}/?rest_route=/api/v1/claim_prize`, {
    headers: { Authorization: 'Bearer cgg-storefront' },
    data: {
      token: customer.token, win_kind: 'instant', win_id: win.win_id, choice: 'prize', idempotency_key: randomUUID(),
      delivery_address: { first_name: 'Winifred', last_name: 'Winner', phone: '07700900123', address_1: '3', address_2: 'Mill Lane', city: 'York', postcode: 'YO1 7HH' },
    },
  });
  expect(claimed.ok(), await claimed.text()).toBe(true);
  const claimId = (await claimed.json()).data.id as number;

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

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all entries (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe(`competition-${competition.id}-entries.csv`);
  const csv = readFileSync((await download.path())!, 'utf8').trimEnd().split('\n');
  expect(csv[0]).toBe('ticket_number,entry_type,name,email,reference,created_at');
  expect(csv).toHaveLength(3);

  await page.getByRole('button', { name: 'Run the draw' }).click();
  await page.getByRole('button', { name: 'Yes, run the draw' }).click();
  await expect(page.getByRole('status')).toContainText(/Winning ticket: \d of 2 entries/);
  await expect(page.getByRole('status').getByText(/^[0-9a-f]{64}$/)).toHaveCount(2);

  await nav.getByRole('link', { name: 'Fulfilment' }).click();
  const row = page.getByRole('row', { name: `Claim ${claimId}` });
  await expect(row).toContainText('Send to Winifred Winner, 3, Mill Lane, York');
  await row.getByRole('button', { name: `Start: claim ${claimId}` }).click();
  await row.getByLabel(`Tracking reference for claim ${claimId} (optional)`).fill('RM123456789GB');
  await row.getByRole('button', { name: `Mark sent: claim ${claimId}` }).click();
  await expect(row).toContainText('Done · tracking RM123456789GB');

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
  expect(actions.map((a) => a.action)).toEqual(['staff.enrol-second-factor', 'entries.export', 'draw.run', 'claim.state', 'claim.state']);
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
