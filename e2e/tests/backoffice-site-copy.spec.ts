import { expect, test, type Page } from '@playwright/test';
import { CHANGED_MEANWHILE } from '@cgg/contracts/staff';
import { createStaffWithCli, firstSignIn } from '../support/staff.ts';

// Two admins editing the same FAQ at once: the second to save is told, and nothing of the first's
// change is lost. The FAQ is the test's own, unpublished, so the shop's pages never show it.

async function openContent(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Site content' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();
}

test("two admins edit the same FAQ: the second save is refused with a message and keeps what they typed; after a reload they see the first's change and save theirs", async ({ page, browser }) => {
  const run = `${Date.now()}`.slice(-6);
  const question = `Can I enter twice? (${run})`;
  const ada = createStaffWithCli('admin', `Ada Editor ${run}`);
  const bea = createStaffWithCli('admin', `Bea Editor ${run}`);

  await firstSignIn(page, ada);
  await openContent(page);
  const added = page.getByRole('form', { name: 'New FAQ' });
  await added.getByLabel('Category').fill('Entering');
  await added.getByLabel('Question').fill(question);
  await added.getByLabel('Answer').fill('Yes.');
  await added.getByLabel('Published on the FAQ page').uncheck();
  await added.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(added.getByRole('status')).toHaveText('Added. The FAQ page shows it on its next load.');

  // Bea opens the content screen with the FAQ as it is now.
  const beaContext = await browser.newContext();
  const beaPage = await beaContext.newPage();
  try {
    await firstSignIn(beaPage, bea);
    await openContent(beaPage);
    const beaForm = beaPage.getByRole('form', { name: `FAQ: ${question}` });
    await expect(beaForm.getByLabel('Answer')).toHaveValue('Yes.');

    // Ada saves first (her screen reloaded: the FAQ now has a form of its own)...
    await page.reload();
    const adaForm = page.getByRole('form', { name: `FAQ: ${question}` });
    await adaForm.getByLabel('Answer').fill('Yes, up to the limit per person.');
    await adaForm.getByRole('button', { name: 'Save' }).click();
    await expect(adaForm.getByRole('status')).toHaveText('Saved. The FAQ page shows it on its next load.');

    // ...then Bea, from what she opened: refused, her text still there.
    await beaForm.getByLabel('Answer').fill('Yes, by post too.');
    await beaForm.getByRole('button', { name: 'Save' }).click();
    await expect(beaForm.getByRole('alert')).toHaveText(CHANGED_MEANWHILE.message);
    await expect(beaForm.getByLabel('Answer')).toHaveValue('Yes, by post too.');

    // Reloaded, she sees Ada's answer, adds hers to it, and saves.
    await beaPage.reload();
    const fresh = beaPage.getByRole('form', { name: `FAQ: ${question}` });
    await expect(fresh.getByLabel('Answer')).toHaveValue('Yes, up to the limit per person.');
    await fresh.getByLabel('Answer').fill('Yes, up to the limit per person, by post too.');
    await fresh.getByRole('button', { name: 'Save' }).click();
    await expect(fresh.getByRole('status')).toHaveText('Saved. The FAQ page shows it on its next load.');
  } finally {
    await beaContext.close();
  }
  await page.reload();
  await expect(page.getByRole('form', { name: `FAQ: ${question}` }).getByLabel('Answer')).toHaveValue('Yes, up to the limit per person, by post too.');
});
