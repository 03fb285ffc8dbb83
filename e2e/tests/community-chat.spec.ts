import { expect, test } from '@playwright/test';
import { registerCustomer, signInContext } from '../support/customers.ts';
import { sql } from '../support/db.ts';
import { createStaffWithCli, firstSignIn } from '../support/staff.ts';

test('two signed-in customers chat live; markup shows as text; a removed message disappears', async ({ browser }) => {
  const [amira, ben] = await Promise.all([registerCustomer('Amira', 'Khan'), registerCustomer('Ben', 'Taylor')]);
  const first = await browser.newContext();
  const second = await browser.newContext();
  await signInContext(first, amira);
  await signInContext(second, ben);
  const a = await first.newPage();
  const b = await second.newPage();
  try {
    await Promise.all([a.goto('/community-chat'), b.goto('/community-chat')]);
    for (const page of [a, b]) {
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Your message')).toBeVisible();
    }

    // Unique per run: the chat keeps every earlier run's messages.
    const greeting = `Good luck in tonight’s draw, everyone! (${Date.now()})`;
    await a.getByLabel('Your message').fill(greeting);
    await a.getByRole('button', { name: 'Send' }).click();
    // Ben's page was never reloaded: the message arrives over the live stream.
    const log = b.getByRole('log', { name: 'Chat messages' });
    const greetingItem = log.getByRole('listitem').filter({ hasText: greeting });
    await expect(greetingItem).toBeVisible();
    await expect(greetingItem.getByText('Amira K.')).toBeVisible();

    const markup = `<img src=x onerror="window.__chatXss=1"><b>bold? ${Date.now()}</b>`;
    await b.getByLabel('Your message').fill(markup);
    await b.getByRole('button', { name: 'Send' }).click();
    const shown = a.getByRole('log', { name: 'Chat messages' }).getByText(markup, { exact: true });
    await expect(shown).toBeVisible();
    expect(await a.locator('.sh-chat__list img, .sh-chat__list b').count()).toBe(0);
    expect(await a.evaluate(() => (window as { __chatXss?: number }).__chatXss)).toBeUndefined();

    // The operator removes it (what the remove-chat-message CLI command does): gone everywhere, live.
    const [row] = await sql<{ id: string }>('SELECT id FROM chat_messages WHERE message = $1', [markup]);
    await sql('UPDATE chat_messages SET removed_at = now() WHERE id = $1', [row!.id]);
    await expect(shown).toBeHidden();
    await expect(b.getByRole('log', { name: 'Chat messages' }).getByText(markup, { exact: true })).toBeHidden();
  } finally {
    await first.close();
    await second.close();
  }
});

test('visitors read the chat and are asked to log in to post', async ({ page }) => {
  await page.goto('/community-chat');
  await expect(page.getByRole('log', { name: 'Chat messages' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
  await expect(page.getByLabel('Your message')).toHaveCount(0);
});

test("support removes a message from the back office's Chat screen; the shopper's open chat drops it at once", async ({ browser, page }) => {
  const shopper = await registerCustomer('Carys', 'Rhys');
  const context = await browser.newContext();
  await signInContext(context, shopper);
  const chat = await context.newPage();
  try {
    await chat.goto('/community-chat');
    await expect(chat.getByText('Live', { exact: true })).toBeVisible();
    const rude = `Call me on 07700 900${`${Date.now()}`.slice(-3)}, anyone`;
    await chat.getByLabel('Your message').fill(rude);
    await chat.getByRole('button', { name: 'Send' }).click();
    const shown = chat.getByRole('log', { name: 'Chat messages' }).getByText(rude, { exact: true });
    await expect(shown).toBeVisible();

    const support = createStaffWithCli('support', `Mo Moderator ${`${Date.now()}`.slice(-6)}`);
    await firstSignIn(page, support);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Chat' }).click();
    const card = page.getByRole('list', { name: 'Chat messages' }).getByRole('listitem').filter({ hasText: rude });
    await expect(card).toContainText('Carys R.');
    await card.getByRole('button', { name: /^Remove message #\d+ by Carys R\.$/ }).click();
    await card.getByRole('button', { name: 'Yes, remove it' }).click();
    await expect(page.getByRole('status')).toContainText("Removed Carys R.'s message of");
    await expect(card).toHaveCount(0);

    // The shopper's page was never reloaded: the removal arrives over the live stream.
    await expect(shown).toBeHidden();
    const [row] = await sql<{ removed: boolean }>('SELECT removed_at IS NOT NULL AS removed FROM chat_messages WHERE message = $1', [rude]);
    expect(row!.removed).toBe(true);
  } finally {
    await context.close();
  }
});
