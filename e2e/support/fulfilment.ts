import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TestCustomer } from './customers.ts';
import { apiURL } from './site.ts';

/** The winner claims an instant win as a prize sent to their address (the claim form's call). */
export async function claimInstantPrize(request: APIRequestContext, customer: TestCustomer, winId: number, name: { first: string; last: string }): Promise<void> {
  const claimed = await request.post(`${apiURL}/?rest_route=/api/v1/claim_prize`, {
    headers: { Authorization: 'Bearer cgg-storefront' },
    data: {
      token: customer.token, win_kind: 'instant', win_id: winId, choice: 'prize', idempotency_key: randomUUID(),
      delivery_address: { first_name: name.first, last_name: name.last, phone: '07700900123', address_1: '3', address_2: 'Mill Lane', city: 'York', postcode: 'YO1 7HH' },
    },
  });
  expect(claimed.ok(), await claimed.text()).toBe(true);
}

/**
 * On the fulfilment screen: find the instant win by its competition (the queue is shared by every
 * run against this database), start its claim, then mark the prize sent with its tracking reference.
 */
export async function markPrizeSent(page: Page, competitionTitle: string, winId: number, tracking: string): Promise<void> {
  await page.getByLabel('Competition, prize or winner').fill(competitionTitle);
  const name = `instant win ${winId}`;
  const row = page.getByRole('row', { name });
  await expect(row).toContainText('Send to');
  await row.getByRole('button', { name: `Start: ${name}` }).click();
  await row.getByLabel(`Tracking reference for ${name} (optional)`).fill(tracking);
  await row.getByRole('button', { name: `Mark sent: ${name}` }).click();
  await expect(row).toContainText(`Sent with tracking · tracking ${tracking}`);
}
