import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiURL } from '../support/site.ts';

interface DrawResult {
  competition_id: number;
  title: string;
  winning_ticket_number: number | null;
  winner: { first_name: string; surname: string; county: string } | null;
  proof: { commitment: string; seed: string; entry_count: number; entry_list_sha256: string; entry_list_url: string };
}

/** The newest drawn competition with a winner (the seed draws two at start-up, by the published function). */
async function latestDrawn(): Promise<DrawResult> {
  const res = await fetch(`${apiURL}/?rest_route=/api/v1/draw_results`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ limit: 100 }),
  });
  const body = (await res.json()) as { data: DrawResult[] };
  const drawn = body.data.find((r) => r.winner !== null);
  if (!drawn) throw new Error('no drawn competition with a winner');
  return drawn;
}

test('the results page shows a drawn competition with its proof, and the entry list downloads with the published hash', async ({ page }) => {
  const drawn = await latestDrawn();
  await page.goto('/draw/results');
  const catalogue = page.locator('[data-boundary="catalogue"]');
  const row = catalogue.locator(`li[data-competition-id="${drawn.competition_id}"]`);
  await expect(row.getByRole('heading', { name: drawn.title })).toBeVisible();
  await expect(row.getByText(`#${drawn.winning_ticket_number}`)).toBeVisible();
  await expect(row).toContainText(`Winner: ${drawn.winner!.first_name}`);
  await row.getByText('Verification data').click();
  await expect(row.getByText(drawn.proof.commitment)).toBeVisible();
  await expect(row.getByText(drawn.proof.seed)).toBeVisible();
  await expect(row.getByText(drawn.proof.entry_list_sha256)).toBeVisible();
  await expect(catalogue.getByRole('heading', { name: 'How to verify' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /Download the entry list/ }).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks);
  expect(createHash('sha256').update(csv).digest('hex')).toBe(drawn.proof.entry_list_sha256);
  expect(csv.toString('utf8').split('\n')[0]).toBe('ticket_number,entry_type');
  // The commitment is the seed's hash: the seed was fixed before the draw.
  expect(createHash('sha256').update(Buffer.from(drawn.proof.seed, 'hex')).digest('hex')).toBe(drawn.proof.commitment);
});

test('/results is the same page, and /winners_list lists the draw winners with the summary', async ({ page }) => {
  const drawn = await latestDrawn();
  await page.goto('/results');
  await expect(page.locator('[data-boundary="catalogue"]').getByRole('heading', { name: 'Draw results' })).toBeVisible();
  await page.goto('/winners_list');
  const catalogue = page.locator('[data-boundary="catalogue"]');
  await expect(catalogue.getByText('winners so far')).toBeVisible();
  await expect(catalogue.getByText(`won ${drawn.title}`).first()).toBeVisible();
});
