import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { applyIntent, releaseReservation, type PaymentHooks } from './order-payment.ts';
import type { PaymentGateway } from './payment-gateway.ts';

/**
 * Releases reservations whose 10 minutes ran out unpaid (abandoned checkouts, 3-D Secure never
 * finished, a provider that never answered). Each goes through applyIntent with the provider's
 * current word on its intent, so the same rules hold as for a late webhook: released (tickets
 * back on sale, points and credit given back, the basket restored, the intent cancelled), or, if
 * the payment went through after all, released and refunded. An order whose intent was never
 * created is released directly. Returns how many reservations it looked at.
 */
export async function expireReservations(pool: pg.Pool, gateway: PaymentGateway, now: Date, hooks: PaymentHooks = {}, batch = 100): Promise<number> {
  const { rows } = await pool.query<{ id: number; intent_id: string | null }>(
    `SELECT o.id, p.intent_id FROM orders o LEFT JOIN payment_intents p ON p.order_id = o.id
     WHERE o.status = 'pending' AND o.reserved_until IS NOT NULL AND o.reserved_until <= $1 ORDER BY o.reserved_until LIMIT $2`,
    [now, batch],
  );
  for (const r of rows) {
    try {
      if (r.intent_id) {
        await applyIntent(pool, gateway, await gateway.retrieve(r.intent_id), now, hooks);
      } else {
        await inTransaction(pool, async (client) => {
          const order = (await client.query(
            `SELECT id, status, customer_id, reserved_until, reserved_cart_id, reserved_basket, card_charged_pence, credit_used_pence, points_redeemed
             FROM orders WHERE id = $1 FOR UPDATE`,
            [r.id],
          )).rows[0];
          // Its intent may have been created (and recorded) meanwhile: then the next run applies it.
          const since = await client.query('SELECT 1 FROM payment_intents WHERE order_id = $1', [r.id]);
          if (order?.status !== 'pending' || since.rowCount) return;
          await releaseReservation(client, order, 'cancelled', { reason: 'expired', message: 'The reservation expired before the payment was confirmed.' }, now);
        });
      }
    } catch (err) {
      console.error(`[shop-api] releasing the expired reservation of order #${r.id} failed (tried again next run): ${(err as Error).message}`);
    }
  }
  return rows.length;
}
