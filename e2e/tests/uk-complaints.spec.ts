import { expect, test } from '@playwright/test';
import { sql } from '../support/db.ts';
import { createStaffWithCli, firstSignIn } from '../support/staff.ts';

test('a complaint filed on the shop is acknowledged, then answered and closed in the back office', async ({ page }) => {
  // The API takes 3 complaints per address in 10 minutes, and every run sends from the same
  // address: end the window of earlier runs, as 10 minutes would (the shared limiter's row).
  await sql("DELETE FROM rate_limits WHERE key LIKE 'complaintAddress:%'");
  const email = `complainer.${Date.now()}@example.co.uk`;

  // The procedure is linked from every page's footer.
  await page.goto('/faq');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Complaints' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'If you are not happy with our answer' })).toBeVisible();
  await expect(page.getByText(/ProMediate/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please choose what your complaint is about.')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();

  await page.getByLabel('Your name').fill('Priya Shah');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Order number (optional)').fill('#10016');
  await page.getByLabel('What is it about?').selectOption('prize');
  await page.getByLabel('Your complaint').fill('My prize has not arrived and nobody has replied to my emails.');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Complaint received' });
  await expect(confirmation).toContainText(`emailed an acknowledgement to ${email}`);
  const reference = (await confirmation.locator('strong').textContent()) ?? '';
  expect(reference).toMatch(/^CGG-C-\d{6}$/);
  const acknowledgement = await sql('SELECT subject FROM email_outbox WHERE to_address = $1', [email]);
  expect(acknowledgement).toEqual([{ subject: `We have received your complaint (${reference})` }]);

  // Support answers it in the back office.
  const staff = createStaffWithCli('support', 'Sid Support');
  await firstSignIn(page, staff);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Complaints' }).click();
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { name: `Complaint ${reference} Open` })).toBeVisible();
  await expect(page.getByText('My prize has not arrived and nobody has replied to my emails.')).toBeVisible();

  const answer = 'We are sorry. Your prize was sent today by tracked courier; the tracking number is in your account.';
  await page.getByRole('textbox', { name: 'Our answer' }).fill(answer);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByRole('heading', { name: `Complaint ${reference} Answered` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Answers sent' })).toContainText(answer);

  await page.getByLabel('How it was resolved (optional, for staff)').fill('Prize sent by courier');
  await page.getByRole('button', { name: 'Close as resolved' }).click();
  await expect(page.getByRole('heading', { name: `Complaint ${reference} Closed` })).toBeVisible();

  const mails = await sql<{ subject: string; text_body: string }>('SELECT subject, text_body FROM email_outbox WHERE to_address = $1 ORDER BY id', [email]);
  expect(mails.map((m) => m.subject)).toEqual([`We have received your complaint (${reference})`, `Our answer to your complaint (${reference})`]);
  expect(mails[1]!.text_body).toContain(answer);
  const audit = await sql<{ action: string }>('SELECT action FROM staff_audit_log WHERE subject = $1 ORDER BY id', [`complaint ${reference}`]);
  expect(audit.map((a) => a.action)).toEqual(['complaint.answer', 'complaint.close']);
});
