import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { sql } from '../support/db.ts';
import { startSiteBehindRelay } from '../support/site-behind-relay.ts';
import { baseURL, e2ePortOffset, repoRoot } from '../support/site.ts';

// PostgreSQL away under a running site (docs/decisions.md#the-site-keeps-running): calls answer
// 503 with Retry-After and the basket says so; once it is back the same API serves again.

const MESSAGE = /briefly unavailable while its database restarts/;
const settings = (request: APIRequestContext, origin: string) => request.get(`${origin}/?rest_route=/api/v1/getsettings`);

test('PostgreSQL stopped: 503 with Retry-After and the basket page says so; started again: the same API serves again', async ({ page, request }) => {
  const site = await startSiteBehindRelay();
  try {
    await page.goto(`${site.url}/cart`);
    await expect(page.getByText('Your basket is empty.')).toBeVisible();

    await site.database.cut();
    const down = await settings(request, site.url);
    expect(down.status()).toBe(503);
    expect(down.headers()['retry-after']).toBe('5');
    expect(await down.json()).toMatchObject({ code: 'rest_database_unavailable', message: expect.stringMatching(MESSAGE), data: { status: 503 } });

    await page.goto(`${site.url}/cart`);
    const alert = page.getByRole('alert').filter({ hasText: MESSAGE });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Basket' })).toBeVisible();

    await site.database.restore();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Your basket is empty.')).toBeVisible();
    await expect(alert).toHaveCount(0);
    expect((await settings(request, site.url)).status()).toBe(200);
    expect(site.api.exited(), 'the API was restarted').toBe(false);
  } finally {
    await site.stop();
  }
});

const dataDir = path.join(repoRoot, '.data', e2ePortOffset ? `e2e-${e2ePortOffset}` : 'e2e');
/** The embedded server's postmaster, from the pid file PostgreSQL keeps in its data folder. */
const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
/** A process's parent: the embedded server's is the API process that started it. */
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);

test('the embedded PostgreSQL killed: its API starts it again and serves without a restart, answering 503 meanwhile, never 500', async ({ request }) => {
  const killed = postmasterPid();
  const api = parentOf(killed);
  const startedAt = async () => (await sql<{ started: Date }>('SELECT pg_postmaster_start_time() AS started'))[0]!.started.getTime();
  const before = await startedAt();
  process.kill(killed, 'SIGKILL');

  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const res = await settings(request, baseURL);
        seen.add(res.status() === 503 ? `503 Retry-After ${res.headers()['retry-after']}` : String(res.status()));
        return res.status();
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(200);
  expect([...seen].filter((answer) => answer !== '200' && answer !== '503 Retry-After 5'), 'answers other than 200 and 503 with Retry-After').toEqual([]);

  const restarted = postmasterPid();
  expect(restarted).not.toBe(killed);
  expect(parentOf(restarted), 'started again by the same API process').toBe(api);
  expect(await startedAt()).toBeGreaterThan(before);
});
