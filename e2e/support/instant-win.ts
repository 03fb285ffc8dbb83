import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { STORE_PAYMENT_DATA_KEYS, TEST_PAYMENT_METHODS } from '@cgg/contracts/store';
import { sql } from './db.ts';
import { apiURL, e2ePorts, repoRoot } from './site.ts';

/**
 * A small competition in which EVERY ticket number is an instant win, made the way an
 * operator would (rows in the e2e database, no production backdoor): any ticket bought
 * wins, so the test is deterministic.
 */
export async function createAllWinsCompetition(title: string, tickets = 5): Promise<{ id: number; productId: number; title: string }> {
  const [c] = await sql<{ id: number; competition_product_id: number }>(
    `INSERT INTO competitions (category_id, title, description, image, price_pence, total_tickets, max_tickets_per_user, closing_at, draw_at,
       prize_value_pence, enable_instant_wins)
     VALUES ((SELECT min(id) FROM categories), $1, 'Every ticket is an instant win (e2e).', (SELECT image FROM competitions ORDER BY id LIMIT 1),
       99, $2, $2, now() + interval '7 days', now() + interval '7 days', 10000, true)
     RETURNING id, competition_product_id`,
    [title, tickets],
  );
  for (let n = 1; n <= tickets; n++) {
    const [p] = await sql<{ id: number }>(
      `INSERT INTO instant_win_prizes (competition_id, title, prize_value_pence, quantity) VALUES ($1, $2, 2500, 1) RETURNING id`,
      [c!.id, `£25 Amazon Voucher`],
    );
    await sql('INSERT INTO instant_win_tickets (competition_id, instant_win_prize_id, ticket_number) VALUES ($1, $2, $3)', [c!.id, p!.id, n]);
  }
  return { id: c!.id, productId: c!.competition_product_id, title };
}

const store = (route: string) => `${apiURL}/?rest_route=/wc/store/v1${route}`;

type CheckoutAnswer = {
  order_id: number;
  order_key: string;
  status: string;
  extensions: { cgg: { instant_wins: Array<{ win_id: number; competition_id: number; prize_title: string }>; payment?: { status: string } } };
};

/**
 * Buys `quantity` tickets through the Store API: basket, then a card checkout with the
 * provider's test payment method (a debit card; no card field, no card number: issue 15),
 * then checkout-return until the provider has confirmed it (the demo provider always
 * confirms a moment later). Returns the paid order.
 */
export async function buyTickets(request: APIRequestContext, token: string, productId: number, quantity: number) {
  const auth = { Authorization: `Bearer ${token}` };
  const cart = await request.get(store('/cart'), { headers: auth });
  const session = { ...auth, Nonce: cart.headers()['nonce']!, 'Cart-Token': cart.headers()['cart-token']! };
  const added = await request.post(store('/cart/add-item'), { headers: session, data: { id: productId, quantity } });
  if (!added.ok()) throw new Error(`add-item: ${added.status()} ${await added.text()}`);
  const write = { ...session, Nonce: added.headers()['nonce'] ?? session.Nonce };
  const paid = await request.post(store('/checkout'), {
    headers: { ...write, 'Idempotency-Key': randomUUID() },
    data: {
      billing_address: {
        first_name: 'Zebedee', last_name: 'Quillfeather', address_1: '12', address_2: 'Market Street', city: 'Manchester',
        state: 'Greater Manchester', postcode: 'M1 1AB', country: 'GB', email: 'zebedee@example.co.uk', phone: '07700900123',
      },
      payment_method: 'cgg-card',
      payment_data: [{ key: STORE_PAYMENT_DATA_KEYS.paymentMethodId, value: TEST_PAYMENT_METHODS.debit }],
    },
  });
  if (!paid.ok()) throw new Error(`checkout: ${paid.status()} ${await paid.text()}`);
  let order = (await paid.json()) as CheckoutAnswer;
  // Pending while the provider confirms: ask again (as the checkout page does, a second apart) until paid.
  await expect
    .poll(
      async () => {
        if (order.status === 'completed') return order.status;
        const again = await request.post(store('/cgg/checkout-return'), { headers: write, data: { order_id: order.order_id, order_key: order.order_key } });
        if (!again.ok()) throw new Error(`checkout-return: ${again.status()} ${await again.text()}`);
        order = (await again.json()) as CheckoutAnswer;
        return order.status;
      },
      { intervals: [1000], timeout: 20_000 },
    )
    .toBe('completed');
  return order;
}

interface AdminDatabase {
  ref(path: string): { remove(): Promise<void>; once(event: 'value'): Promise<{ exists(): boolean }> };
}
// e2e has no Firebase SDK of its own; the API's firebase-admin is used (as db.ts uses its pg).
const requireFromApi = createRequire(path.join(repoRoot, 'shop-api', 'package.json'));
const { initializeApp, deleteApp } = requireFromApi('firebase-admin/app') as {
  initializeApp(options: { databaseURL: string; projectId: string }, name: string): object;
  deleteApp(app: object): Promise<void>;
};
const { getDatabase } = requireFromApi('firebase-admin/database') as { getDatabase(app: object): AdminDatabase };

/**
 * Empties the live feed once every win so far has been published: a record an earlier test
 * left unread would otherwise pop up first, and the pop-up then ignores the next one for 60 s.
 */
export async function emptyInstantWinFeed(): Promise<void> {
  await expect
    .poll(async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM instant_win_feed_outbox WHERE published_at IS NULL AND gave_up_at IS NULL'))[0]!.n)
    .toBe(0);
  await withFeedDatabase((db) => db.ref('instant_wins').remove());
}

/**
 * Whether the feed still holds the record of an outbox row (the API's key: shop-api
 * src/feed/feed-record.ts); a browser showing the pop-up deletes it. Read with a listen
 * (`once`): the local database answers no `get()`.
 */
export async function instantWinFeedHolds(outboxId: number): Promise<boolean> {
  const key = `win-${String(outboxId).padStart(12, '0')}`;
  return withFeedDatabase(async (db) => (await db.ref(`instant_wins/${key}`).once('value')).exists());
}

/** The local database (firebase-server) in the API's namespace and node (shop-api's feed config). */
async function withFeedDatabase<T>(use: (db: AdminDatabase) => Promise<T>): Promise<T> {
  const app = initializeApp({ databaseURL: `http://127.0.0.1:${e2ePorts.RTDB_PORT}?ns=cgg-local`, projectId: 'cgg-local' }, `e2e-${randomUUID()}`);
  try {
    return await use(getDatabase(app));
  } finally {
    await deleteApp(app);
  }
}
