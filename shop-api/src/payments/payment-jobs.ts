import type pg from 'pg';
import { startRepeating, type RepeatingTask } from '../lib/repeating-task.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { reconcilePayments } from './reconcile-payments.ts';
import { expireReservations } from './reservation-expiry.ts';

export type PaymentJobs = RepeatingTask;

/**
 * Every `intervalMs`: expired reservations released, then the provider's recent intents
 * reconciled with our orders. Both are plain functions (expireReservations, reconcilePayments),
 * safe on every instance at once (each order is decided under its row lock), so a queue can run
 * them instead of this timer. A failed run is logged and tried again next time.
 */
export function startPaymentJobs(o: { pool: pg.Pool; gateway: PaymentGateway; intervalMs: number }): PaymentJobs {
  return startRepeating(o.intervalMs, async () => {
    try {
      await expireReservations(o.pool, o.gateway, new Date());
      const r = await reconcilePayments(o.pool, o.gateway, new Date());
      if (r.repaired > 0 || r.flagged > 0) console.log(`[shop-api] payments reconciled: ${r.checked} intents checked, ${r.repaired} orders repaired, ${r.flagged} differences flagged (payment_discrepancies)`);
    } catch (err) {
      console.error(`[shop-api] payment jobs failed (tried again next run): ${(err as Error).message}`);
    }
  });
}
