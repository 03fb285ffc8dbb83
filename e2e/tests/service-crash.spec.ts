import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { baseURL, e2ePorts, remoteURLs } from '../support/site.ts';

// A front-end server dying does not take the site with it (docs/decisions.md#the-site-keeps-running):
// npm start's supervisor restarts it, and the shell answers throughout.

/** The pid of the static server serving a remote on this port, found by its command line. */
function remoteServerPid(port: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const script = args.findIndex((a) => a.endsWith('serve-remote.mjs'));
    // The orphan guard's command line names the script too, after the guard's own.
    if (script === 1 && args[args.indexOf('--port') + 1] === port) return Number(entry);
  }
  return undefined;
}

test("the catalogue's server killed: it is restarted and the shell never stops answering", async ({ page, request }) => {
  const killed = remoteServerPid(e2ePorts.CATALOGUE_PORT);
  expect(killed, 'the catalogue server is running').toBeDefined();
  process.kill(killed!, 'SIGKILL');

  const shellAnswers = new Set<number>();
  await expect
    .poll(
      async () => {
        shellAnswers.add((await request.get(`${baseURL}/faq`)).status());
        const manifest = await request.get(`${remoteURLs.catalogue}/mf-manifest.json`).catch(() => null);
        return manifest?.status() ?? 0;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(200);
  expect([...shellAnswers]).toEqual([200]);
  const restarted = remoteServerPid(e2ePorts.CATALOGUE_PORT);
  expect(restarted).toBeDefined();
  expect(restarted).not.toBe(killed);

  // What a shopper sees: the home page's competitions, from the restarted catalogue.
  await page.goto('/');
  await expect(page.locator('[data-boundary="catalogue"]').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /unavailable/i })).toHaveCount(0);
});
