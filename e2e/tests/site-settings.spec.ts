import { expect, test } from '@playwright/test';
import { sql } from '../support/db.ts';

const SIXTEEN_MINUTES = 16 * 60 * 1000;

/** Makes the stored copy of a 15-minute cache look 16 minutes old. */
async function ageCache(page: import('@playwright/test').Page, timestampKey: string): Promise<void> {
  await page.evaluate(
    ([key, age]) => localStorage.setItem(key, String(Date.now() - age)),
    [timestampKey, SIXTEEN_MINUTES] as const,
  );
}

test.describe('settings reach the page through the 15-minute caches', () => {
  let original: { announcement: string; show_question: number };
  let originalTitle: string;
  test.beforeAll(async () => {
    original = (await sql<{ announcement: string; show_question: number }>('SELECT announcement, show_question FROM settings'))[0]!;
    originalTitle = (await sql<{ page_title: string }>("SELECT page_title FROM seo_settings WHERE page = 'home'"))[0]!.page_title;
  });
  test.afterAll(async () => {
    await sql('UPDATE settings SET announcement = $1, show_question = $2', [original.announcement, original.show_question]);
    await sql("UPDATE seo_settings SET page_title = $1 WHERE page = 'home'", [originalTitle]);
  });

  test('the announcement bar shows a changed announcement only once the cache has expired', async ({ page }) => {
    await page.goto('/faq');
    const bar = page.getByRole('complementary', { name: 'Announcement' });
    await expect(bar).toHaveText(original.announcement);
    // The bar is in the server's HTML; the app stores the settings once it has started (after the first paint).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('announcement'))).toBe(original.announcement);

    await sql('UPDATE settings SET announcement = $1, show_question = 0', ['Double tickets weekend: every entry counts twice!']);
    await page.reload();
    // Under 15 minutes old: the stored settings are reused, no refetch.
    await expect(bar).toHaveText(original.announcement);

    await ageCache(page, 'settings_timestamp');
    await page.reload();
    await expect(bar).toHaveText('Double tickets weekend: every entry counts twice!');
    // The refetch rewrote the spec's per-setting keys too.
    await expect.poll(() => page.evaluate(() => [localStorage.getItem('announcement'), localStorage.getItem('show_question')])).toEqual([
      'Double tickets weekend: every entry counts twice!',
      '0',
    ]);
  });

  test('the home title comes from SEO settings, cached 15 minutes', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(originalTitle);
    await sql("UPDATE seo_settings SET page_title = 'Win a Supercar This Week | CGG Competitions' WHERE page = 'home'");
    await page.reload();
    await expect(page).toHaveTitle(originalTitle);
    await ageCache(page, 'home_meta_timestamp');
    await page.reload();
    await expect(page).toHaveTitle('Win a Supercar This Week | CGG Competitions');
  });

  test('every site page sets its own title and meta description', async ({ page }) => {
    const pages: Array<[string, string]> = [
      ['/faq', 'FAQs | CGG Competitions'],
      ['/how-it-works', 'How It Works | CGG Competitions'],
      ['/contact', 'Contact Us | CGG Competitions'],
      ['/free-postal-route', 'Free Postal Entry | CGG Competitions'],
      ['/legal-terms', 'Terms & Privacy | CGG Competitions'],
      ['/community-chat', 'Community Chat | CGG Competitions'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(20);
    }
  });
});

test('HTML pages carry a nonce-based Content-Security-Policy and the site still runs under it', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const response = await page.goto('/free-postal-route');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  await expect(page.getByText('PO Box 1234')).toBeVisible();
  await expect(page.locator('[data-boundary="account"], a[href="/auth/login"]').first()).toBeVisible();
  expect(violations).toEqual([]);
});
