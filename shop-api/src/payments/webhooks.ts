import type pg from 'pg';
import { applyIntentLocked, decidedWithoutLock, flagForeign, payFirstDelivery, type AfterCommit, type Applied, type PaymentHooks } from './order-payment.ts';
import { WebhookRefused, type PaymentGateway } from './payment-gateway.ts';
import { checkProviderRefunds, flagFailedRefund } from './provider-refunds.ts';

export type WebhookOutcome = { status: 200; body: { received: true; duplicate: boolean; outcome: Applied | 'recorded' } } | { status: 400; body: { code: string; message: string } };

/**
 * One webhook delivery: verified by signature (forged or stale: 400, nothing recorded), recorded
 * by event id and applied in ONE transaction, so a delivery whose event was processed already
 * changes nothing (200, so the provider stops retrying). Deliveries may come in any order, twice,
 * or at the same time as the client's return: the order is decided under its row lock
 * (applyIntentLocked), so it is paid (or released) once whatever arrives when. Two deliveries of
 * one event at once queue on its row: the second finds it processed.
 *
 * One round trip for the common case, the first delivery of a payment that pays its order
 * (payFirstDelivery: the event recorded as processed in the paying statement). Otherwise three
 * (BEGIN with the event's record and the order as it stands; the order locked, the intent
 * recorded and the order paid, released or left; the event marked processed with COMMIT), where
 * recording, applying and marking apart took eight; two for an order the client's return paid
 * first (no lock taken). An outcome that must still call the provider (a late payment's
 * refund) is marked processed only once that call has succeeded: if it fails, the provider's
 * retry finds the event unprocessed and applies it again (the refund's key makes that safe).
 */
export async function receiveWebhook(pool: pg.Pool, gateway: PaymentGateway, rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date, hooks: PaymentHooks = {}): Promise<WebhookOutcome> {
  let event;
  try {
    event = gateway.verifyWebhook(rawBody, headers, now);
  } catch (err) {
    if (err instanceof WebhookRefused || err instanceof SyntaxError) {
      return { status: 400, body: { code: 'cgg_webhook_refused', message: 'The webhook signature is missing, wrong or too old.' } };
    }
    throw err;
  }
  if (event.type === 'payment_intent.succeeded' && event.intent) {
    const customerId = await payFirstDelivery(pool, gateway.name, event, event.intent, now);
    if (customerId !== null) {
      hooks.onPaid?.(customerId, now);
      return { status: 200, body: { received: true, duplicate: false, outcome: 'paid' } };
    }
  }
  const after: AfterCommit = [];
  const client = await pool.connect();
  let applied: Applied | 'recorded';
  let finished: string;
  let marked: boolean;
  try {
    // BEGIN and the event's record in one round trip (simple protocol, values as literals: the
    // event is signed by the provider, and escaped all the same), with the order as it stands
    // (unlocked) for the answers that need no lock. A new event, or one recorded by a delivery
    // that failed midway, answers a row; one processed already answers none.
    const q = (v: string | null) => (v === null ? 'NULL' : client.escapeLiteral(v));
    const orderId = event.intent?.orderId ?? null;
    const [, recorded] = (await client.query(
      `BEGIN; WITH event AS (
         INSERT INTO payment_webhook_events (provider, event_id, type, intent_id, received_at)
         VALUES (${q(gateway.name)}, ${q(event.id)}, ${q(event.type)}, ${q(event.intent?.id ?? null)}, ${q(now.toISOString())}::timestamptz)
         ON CONFLICT (provider, event_id) DO UPDATE SET provider = EXCLUDED.provider WHERE payment_webhook_events.processed_at IS NULL RETURNING 1
       )
       SELECT o.status, o.card_charged_pence, o.reserved_until, o.order_key FROM event LEFT JOIN orders o ON o.id = ${Number.isSafeInteger(orderId) ? orderId : 'NULL'}`,
    )) as unknown as Array<pg.QueryResult<{ status: string | null; card_charged_pence: number; reserved_until: Date | null; order_key: string | null }>>;
    const seen = recorded!.rows[0];
    if (!seen) {
      await client.query('COMMIT');
      return { status: 200, body: { received: true, duplicate: true, outcome: 'recorded' } };
    }
    const named = event.intent && event.type.startsWith('payment_intent.') ? event.intent : null;
    // An intent naming our order's id without its key is another shop's or environment's on the same account.
    const foreign = named !== null && seen.status !== null && named.orderKey !== seen.order_key;
    const intent = foreign ? null : named;
    if (foreign) {
      await flagForeign(client, gateway.name, named, now);
      applied = 'not-ours';
    } else if (event.refunds && (await checkProviderRefunds(client, gateway.name, event.refunds, null, now))) applied = 'flagged';
    else if (event.refundFailed && (await flagFailedRefund(client, gateway.name, event.refundFailed, now))) applied = 'flagged';
    else applied = !intent ? 'recorded'
      : (seen.status !== null && (await decidedWithoutLock(client, gateway.name, intent, { ...seen, status: seen.status }, now)))
        || (await applyIntentLocked(client, pool, gateway, intent, now, hooks, after));
    finished = `UPDATE payment_webhook_events SET processed_at = ${q(now.toISOString())}::timestamptz, outcome = ${q(applied)}
       WHERE provider = ${q(gateway.name)} AND event_id = ${q(event.id)}`;
    // Marked processed with the COMMIT, unless a provider call (a late payment's refund) is still to
    // succeed; what else waits for the commit (the paid hooks, a quiet cancel) cannot fail.
    marked = applied !== 'late-refunded';
    await client.query(marked ? `${finished}; COMMIT` : 'COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  for (const step of after) await step();
  if (!marked) await pool.query(finished);
  return { status: 200, body: { received: true, duplicate: false, outcome: applied } };
}
