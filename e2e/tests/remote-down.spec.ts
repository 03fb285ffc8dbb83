import { expect, test } from '@playwright/test';
import { startShellWithout, type RemoteKey } from '../support/degraded-shell.ts';
import { spareE2ePort } from '../support/site.ts';

// Each team's remote stopped in turn (docs/decisions.md#composition-at-run-time): the rest of the site keeps working.
const cases: { remote: RemoteKey; path: string; part: RegExp; port: number }[] = [
  { remote: 'catalogue', path: '/', part: /catalogue/i, port: spareE2ePort(1) },
  { remote: 'cartCheckout', path: '/cart', part: /basket|checkout/i, port: spareE2ePort(2) },
  { remote: 'account', path: '/auth/login', part: /account/i, port: spareE2ePort(3) },
];

for (const { remote, path, part, port } of cases) {
  test(`with the ${remote} remote stopped the shell still works and says what is unavailable`, async ({ page }) => {
    const shell = await startShellWithout(remote, port);
    try {
      await page.goto(`${shell.url}${path}`);
      const alert = page.getByRole('alert').filter({ hasText: /unavailable/i });
      await expect(alert).toBeVisible({ timeout: 20_000 });
      await expect(alert).toContainText(part);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // Shell-owned pages are unaffected.
      await page.getByRole('contentinfo').getByRole('link', { name: /faq/i }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: /unavailable/i })).toHaveCount(0);
    } finally {
      await shell.stop();
    }
  });
}
