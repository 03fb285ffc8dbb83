import type { Page } from '@playwright/test';

/**
 * Holds the shell's script back until the returned function is called, so the page is the
 * server's HTML alone: what a visitor on a slow phone sees, scrolls and taps before the app starts.
 */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
