import type pg from 'pg';
import { sealBankDetails } from '../accounts/bank-details-at-rest.ts';
import { hashPassword } from '../accounts/password.ts';

/*
 * Demo customers (documented in the README) so every account screen has real data:
 * demo@cgg.test has two pages of orders and points, credit and coupons; sam@cgg.test
 * a little of everything and a monthly spending limit; new@cgg.test nothing (empty states).
 */
export const demoCustomers = [
  { email: 'demo@cgg.test', password: 'Demo!Pass2026', first: 'Jamie', last: 'Taylor', orders: 12, points: 14, credits: 4, coupons: 3 },
  { email: 'sam@cgg.test', password: 'Sam!Pass20261', first: 'Sam', last: 'Okafor', orders: 3, points: 3, credits: 1, coupons: 1, monthlyLimitPence: 25_000 },
  { email: 'new@cgg.test', password: 'New!Pass20261', first: 'Alex', last: 'Morgan', orders: 0, points: 0, credits: 0, coupons: 0 },
] as const;

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const statuses = ['completed', 'processing', 'completed', 'admin-comp-win', 'completed', 'cancelled', 'completed', 'refunded'] as const;
/**
 * Orders that hold no tickets, as in the shop: a cancelled order was never paid and its
 * reservation went back on sale; a refund released its tickets (payments/release-tickets.ts).
 */
const WITHOUT_TICKETS: ReadonlySet<string> = new Set(['cancelled', 'refunded']);
const pointsTypes = [
  { type: 'order-placed', points: 120, description: 'Points earned for purchase' },
  { type: 'order-redeem', points: -50, description: 'Points redeemed towards an order' },
  { type: 'signup-bonus', points: 100, description: 'Welcome bonus' },
] as const;
const creditEntries = [
  { type: 'instant-win', pence: 1_000, description: '£10 Site Credit instant win' },
  { type: 'order-redeem', pence: -450, description: 'Site credit used on an order' },
  { type: 'admin-credit', pence: 500, description: 'Goodwill credit from the CGG team' },
] as const;

interface Competition {
  id: number;
  title: string;
  price_pence: number;
  total_tickets: number;
}

export async function seedAccounts(client: pg.PoolClient, now: Date): Promise<void> {
  const { rows: comps } = await client.query<Competition>('SELECT id, title, price_pence, total_tickets FROM competitions ORDER BY id');
  // Ticket numbers handed out per competition, from the middle up, so they never repeat.
  const nextTicket = new Map(comps.map((c) => [c.id, Math.floor(c.total_tickets / 2) + 1]));
  let pick = 0;

  for (const [n, d] of demoCustomers.entries()) {
    // Stored as every saved bank detail is: encrypted.
    const bank = sealBankDetails(d.orders ? { account_number: `1234567${n}`, sort_code: '112233' } : { account_number: '', sort_code: '' });
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO customers (email, password_hash, first_name, last_name, display_name, nickname,
         billing_first_name, billing_last_name, billing_email, billing_phone, billing_address_1, billing_address_2,
         billing_city, billing_state, billing_postcode, account_number, sort_code, limit_duration, limit_value_pence,
         over_18_confirmed_at, created_at, updated_at, date_of_birth, limit_choice_at, limit_choice_pence)
       VALUES ($1, $2, $3, $4, $5, $3, $3, $4, $1, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $16, $17, $16, $15) RETURNING id`,
      [
        d.email, await hashPassword(d.password), d.first, d.last, `${d.first} ${d.last}`,
        d.orders ? `0770090012${n}` : '', d.orders ? `${12 + n}` : '', d.orders ? 'Market Street' : '', d.orders ? 'Manchester' : '',
        d.orders ? 'Greater Manchester' : '', d.orders ? `M1 ${n + 1}AB` : '', bank.account_number, bank.sort_code,
        'monthlyLimitPence' in d ? 'month' : null, 'monthlyLimitPence' in d ? d.monthlyLimitPence : null,
        // Signed up 90 days ago, answering the date-of-birth and monthly-limit questions (UK code 1.1, 1.4) then.
        new Date(now.getTime() - 90 * DAY), `19${85 + n}-06-1${n}`,
      ],
    );
    const customerId = rows[0]!.id;

    for (let i = 0; i < d.orders; i++) {
      const status = statuses[i % statuses.length]!;
      // The newest order is from this morning, so "current spending" shows something.
      const createdAt = new Date(now.getTime() - (i === 0 ? 2 * HOUR : i * 5 * DAY + (i % 3) * HOUR));
      const items = comps.slice((pick % comps.length), (pick % comps.length) + 1 + (i % 2));
      pick += 2;
      const lines = items.map((c, position) => ({ c, position, quantity: 1 + ((i + position) % 4) }));
      const subtotal = status === 'admin-comp-win' ? 0 : lines.reduce((s, l) => s + l.c.price_pence * l.quantity, 0);
      const { rows: order } = await client.query<{ id: number }>(
        // Seeded history: its receipts count as sent (store/order-receipts.ts mails only new orders).
        `INSERT INTO orders (customer_id, status, created_at, paid_at, receipt_done_at, subtotal_pence, total_pence, payment_method_title,
           billing_first_name, billing_last_name, billing_address_1, billing_address_2, billing_city, billing_state,
           billing_postcode, billing_phone, billing_email, shipping_first_name, shipping_last_name, shipping_address_1,
           shipping_address_2, shipping_city, shipping_state, shipping_postcode)
         SELECT $1, $2, $3, $6, $3, $4, $4, $5, billing_first_name, billing_last_name, billing_address_1, billing_address_2,
           billing_city, billing_state, billing_postcode, billing_phone, billing_email, billing_first_name, billing_last_name,
           billing_address_1, billing_address_2, billing_city, billing_state, billing_postcode
         FROM customers WHERE id = $1 RETURNING id`,
        // A cancelled order was never paid.
        [customerId, status, createdAt, subtotal, status === 'admin-comp-win' ? 'Ticket Win' : 'Credit / Debit Card', status === 'cancelled' ? null : createdAt],
      );
      await recordCardPayment(client, { orderId: order[0]!.id, customerId, status, pence: subtotal, at: createdAt, tickets: lines.reduce((n, l) => n + l.quantity, 0) });
      for (const { c, position, quantity } of lines) {
        const unit = status === 'admin-comp-win' ? 0 : c.price_pence;
        const { rows: item } = await client.query<{ id: number }>(
          `INSERT INTO order_items (order_id, competition_id, title, quantity, unit_price_pence, line_total_pence, position)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [order[0]!.id, c.id, c.title, quantity, unit, unit * quantity, position],
        );
        for (let t = 0; t < (WITHOUT_TICKETS.has(status) ? 0 : quantity); t++) {
          const number = nextTicket.get(c.id)!;
          nextTicket.set(c.id, number + 1);
          await client.query('INSERT INTO tickets (competition_id, ticket_number, order_item_id, customer_id, created_at) VALUES ($1, $2, $3, $4, $5)', [
            c.id, number, item[0]!.id, customerId, createdAt,
          ]);
        }
      }
    }
    for (let i = 0; i < d.points; i++) {
      const p = pointsTypes[i % pointsTypes.length]!;
      await client.query('INSERT INTO points_logs (customer_id, type, points, description, created_at) VALUES ($1, $2, $3, $4, $5)', [
        customerId, p.type, p.points, p.description, new Date(now.getTime() - (i * 3 + 1) * DAY),
      ]);
    }
    for (let i = 0; i < d.credits; i++) {
      const c = creditEntries[i % creditEntries.length]!;
      await client.query('INSERT INTO credit_logs (customer_id, type, amount_pence, description, created_at) VALUES ($1, $2, $3, $4, $5)', [
        customerId, c.type, c.pence, c.description, new Date(now.getTime() - (i * 4 + 2) * DAY),
      ]);
    }
    for (let i = 0; i < d.coupons; i++) {
      await client.query('INSERT INTO coupons (customer_id, code, description, amount_pence, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        customerId, `CGG${n}${['WELCOME5', 'XMAS10', 'LOYAL2'][i]}`, i === 0 ? 'Welcome back' : 'CGG Coupon', [500, 1_000, 200][i], new Date(now.getTime() + 60 * DAY),
        new Date(now.getTime() - i * DAY),
      ]);
    }
  }
}

/**
 * A seeded order paid by card carries its payment as a checkout leaves one: what the card paid
 * and its funding on the order, the demo provider's charge (refunds go back against it); a
 * refunded one also its whole refund, settled. So a refund from the back office or the CLI
 * gives back what was paid, and a refunded order is refused a second refund.
 */
async function recordCardPayment(
  client: pg.PoolClient,
  o: { orderId: number; customerId: number; status: string; pence: number; at: Date; tickets: number },
): Promise<void> {
  if (o.pence === 0 || !['completed', 'processing', 'refunded'].includes(o.status)) return;
  await client.query("UPDATE orders SET card_charged_pence = $2, card_funding = 'debit' WHERE id = $1", [o.orderId, o.pence]);
  await client.query("INSERT INTO demo_card_charges (order_id, customer_id, amount_pence, card_last4, created_at) VALUES ($1, $2, $3, '4242', $4)", [
    o.orderId, o.customerId, o.pence, o.at,
  ]);
  if (o.status !== 'refunded') return;
  const refundedAt = new Date(o.at.getTime() + DAY);
  const key = `seed-refund-${o.orderId}`;
  const { rows } = await client.query<{ id: string }>(
    'INSERT INTO demo_card_refunds (order_id, idempotency_key, amount_pence, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [o.orderId, key, o.pence, refundedAt],
  );
  await client.query(
    `INSERT INTO order_refunds (order_id, idempotency_key, amount_pence, state, gateway, gateway_reference, reason, requested_by, created_at, settled_at,
                                destination, whole, tickets_released)
     VALUES ($1, $2, $3, 'succeeded', 'demo', $4, 'Asked to cancel the order', 'seed', $5, $5, 'card', true, $6)`,
    [o.orderId, key, o.pence, `demo_re_${rows[0]!.id}`, refundedAt, o.tickets],
  );
}
