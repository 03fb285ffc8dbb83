import type pg from 'pg';
import { applyIntent, type Applied, type PaymentHooks } from './order-payment.ts';
import { WebhookRefused, type PaymentGateway } from './payment-gateway.ts';

export type WebhookOutcome = { status: 200; body: { received: true; duplicate: boolean; outcome: Applied | 'recorded' } } | { status: 400; body: { code: string; message: string } };

/**
 * One webhook delivery: verified by signature (forged or stale: 400, nothing recorded), recorded
 * by event id, applied once. A delivery whose event was processed already changes nothing (200,
 * so the provider stops retrying). Deliveries may come in any order, twice, or at the same time
 * as the client's return: applyIntent decides under the order's lock, so the order is paid (or
 * released) once whatever arrives when; an event still marked unprocessed (its first delivery
 * failed midway) is applied again, which is safe for the same reason.
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
  // Recorded, or found recorded (one round trip either way: the no-op update returns the row).
  const seen = (await pool.query<{ processed_at: Date | null }>(
    `INSERT INTO payment_webhook_events (provider, event_id, type, intent_id, received_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (provider, event_id) DO UPDATE SET provider = EXCLUDED.provider RETURNING processed_at`,
    [gateway.name, event.id, event.type, event.intent?.id ?? null, now],
  )).rows[0]!;
  if (seen.processed_at) return { status: 200, body: { received: true, duplicate: true, outcome: 'recorded' } };
  const applied = event.intent && event.type.startsWith('payment_intent.') ? await applyIntent(pool, gateway, event.intent, now, hooks) : 'recorded';
  const first = await pool.query(
    'UPDATE payment_webhook_events SET processed_at = $3, outcome = $4 WHERE provider = $1 AND event_id = $2 AND processed_at IS NULL',
    [gateway.name, event.id, now, applied],
  );
  return { status: 200, body: { received: true, duplicate: first.rowCount === 0, outcome: applied } };
}
