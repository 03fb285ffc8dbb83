import type pg from 'pg';
import { inTransaction } from '../accounts/queryable.ts';
import { applyIntent, flag, releaseReservation, type PaymentHooks } from './order-payment.ts';
import { IntentMissing, type IntentState, type PaymentFailure, type PaymentGateway } from './payment-gateway.ts';
import { fallbackLogger } from '../lib/logger.ts';
import { underReview } from './under-review.ts';

/**
 * Releases reservations whose 10 minutes ran out unpaid (abandoned checkouts, 3-D Secure never
 * finished, a provider that never answered). Each goes through applyIntent with the provider's
 * current word on its intent, so the same rules hold as for a late webhook: released (tickets
 * back on sale, points and credit given back, the basket restored, the intent cancelled), or, if
 * the payment went through after all, released and refunded. An order whose intent was never
 * created is released directly. An order whose payment is under review (the wrong amount) is
 * left to staff. Returns how many reservations it looked at.
 */
export async function expireReservations(pool: pg.Pool, gateway: PaymentGateway, now: Date, hooks: PaymentHooks = {}, batch = 100): Promise<number> {
  const { rows } = await pool.query<{ id: number; intent_id: string | null }>(
    `SELECT o.id, p.intent_id FROM orders o LEFT JOIN payment_intents p ON p.order_id = o.id
     WHERE o.status = 'pending' AND o.reserved_until IS NOT NULL AND o.reserved_until <= $1
       -- Paid with the wrong amount: under review, for staff to decide. Left in line, a hundred of
       -- them would come first at every run and hold up every other release.
       AND NOT ${underReview('o.id')}
     ORDER BY o.reserved_until LIMIT $2`,
    [now, batch],
  );
  for (const r of rows) {
    try {
      if (r.intent_id) {
        await applyIntent(pool, gateway, await gateway.retrieve(r.intent_id), now, hooks);
      } else {
        await releaseWithoutIntent(pool, r.id, now);
      }
    } catch (err) {
      // An intent the provider does not know, asked again each run, would stay held for ever (and
      // a hundred such would hold up every other release): released and flagged instead.
      const lost = err instanceof IntentMissing && r.intent_id ? r.intent_id : null;
      await (lost ? releaseLostIntent(pool, gateway.name, r.id, lost, now) : Promise.reject(err)).catch((e: unknown) =>
        fallbackLogger().error({ err: e, component: 'payments' }, `releasing the expired reservation of order #${r.id} failed (tried again next run)`));
    }
  }
  return rows.length;
}

const EXPIRED: PaymentFailure = { reason: 'expired', message: 'The reservation expired before the payment was confirmed.' };

/**
 * A reservation whose payment intent was never created (a crash in between), released: expired,
 * or given up by the customer (`failure`). Nothing to ask the provider.
 */
export async function releaseWithoutIntent(pool: pg.Pool, orderId: number, now: Date, failure: PaymentFailure = EXPIRED): Promise<void> {
  await inTransaction(pool, async (client) => {
    const order = await lockedPendingOrder(client, orderId);
    // Its intent may have been created (and recorded) meanwhile: then it is applied instead.
    const since = await client.query('SELECT 1 FROM payment_intents WHERE order_id = $1', [orderId]);
    if (!order || since.rowCount) return;
    await releaseReservation(client, order, 'cancelled', failure, now);
  });
}

/**
 * An expired reservation whose intent the provider does not know (keys of another account, the
 * demo provider's data reset): no payment can come of it here, so it is released like any
 * expired one, and flagged for a person to check that no money was taken for it elsewhere.
 */
async function releaseLostIntent(pool: pg.Pool, provider: string, orderId: number, intentId: string, now: Date): Promise<void> {
  await inTransaction(pool, async (client) => {
    const order = await lockedPendingOrder(client, orderId);
    if (!order) return;
    await releaseReservation(client, order, 'cancelled', EXPIRED, now);
    await flag(client, provider, { id: intentId } as IntentState, orderId, 'missing_at_provider',
      `Order #${orderId}'s reservation ran out and the provider has no intent ${intentId}: released. Check that no money was taken for it (another account's keys?).`, false, now);
  });
}

/** The order's row locked, as releaseReservation needs it; null unless it is still pending. */
async function lockedPendingOrder(client: pg.PoolClient, orderId: number) {
  const order = (await client.query(
    `SELECT id, status, customer_id, reserved_until, reserved_cart_id, reserved_basket, card_charged_pence, credit_used_pence, points_redeemed
     FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  )).rows[0];
  return order?.status === 'pending' ? order : null;
}
