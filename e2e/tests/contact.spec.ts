import { expect, test } from '@playwright/test';
import { sql } from '../support/db.ts';
import { holdTheApp } from '../support/hold-the-app.ts';

test('the contact form validates, then stores, mails the operator and confirms', async ({ page }) => {
  // The API takes 3 messages per address in 10 minutes, and every run of this test sends from
  // the same address: end the window of earlier runs, as 10 minutes would (the shared limiter's row).
  await sql("DELETE FROM rate_limits WHERE key LIKE 'contactAddress:%'");
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await expect(page.getByText('Please enter a subject.')).toBeVisible();
  await expect(page.getByText('Please enter your message.')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();

  await page.getByLabel('Your name').fill('Priya Shah');
  await page.getByLabel('Email address').fill('priya@');
  await page.getByLabel('Subject').fill('Postal entry');
  await page.getByLabel('Message').fill('Short');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter a valid email address, like name@example.co.uk.')).toBeVisible();
  await expect(page.getByText('Your message must be at least 10 characters.')).toBeVisible();
  await expect(page.getByText('Please enter your name.')).toBeHidden();

  await page.getByLabel('Email address').fill('priya.shah@example.co.uk');
  await page.getByLabel('Message').fill('Did my postal entry for the Audi arrive in time?');
  await page.getByRole('button', { name: 'Send message' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Message sent' });
  await expect(confirmation).toContainText('Thank you, your message has been sent.');
  const reference = (await confirmation.locator('strong').textContent()) ?? '';
  expect(reference).toMatch(/^CGG-\d+$/);

  const [stored] = await sql<{ email: string; subject: string }>('SELECT email, subject FROM contact_messages WHERE id = $1', [reference.slice(4)]);
  expect(stored).toEqual({ email: 'priya.shah@example.co.uk', subject: 'Postal entry' });
  const mail = await sql<{ subject: string }>('SELECT subject FROM email_outbox WHERE subject = $1', [`[Contact #${reference.slice(4)}] Postal entry`]);
  expect(mail).toHaveLength(1);
});

test('a tap on the server-rendered form before the app has started is answered once it has', async ({ page }) => {
  // The app's script is held back, so the tap surely comes first (on a slow phone it can).
  const release = await holdTheApp(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Send message' }).click();
  // Not sent as a page load of its own, and nothing shown yet: the app is not there.
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByText('Please enter your name.')).toBeHidden();
  release();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter your message.')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();
});
