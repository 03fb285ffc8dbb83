import type pg from 'pg';
import type { RepeatingJob } from '../jobs/repeating-jobs.ts';
import { fallbackLogger } from '../lib/logger.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { reconcilePayments, ReconciliationIncomplete, type Reconciliation } from './reconcile-payments.ts';
import { expireReservations } from './reservation-expiry.ts';
import { retryUnsettledRefunds } from './refund-retry.ts';

/**
 * Card payments' background work as repeating jobs (src/jobs: each run on one instance):
 * expired reservations released, the provider's recent intents reconciled with our orders, and card
 * refunds whose answer was lost asked again. Each decides an order under its row lock, so two runs overlapping would still be
 * safe. A failure throws: the run is kept in the dead-letter list, and the next run is its retry.
 */
export function paymentJobs(o: { pool: pg.Pool; gateway: PaymentGateway; everyMs: number }): RepeatingJob[] {
  const log = fallbackLogger().child({ component: 'payments' });
  return [
    { name: 'reservation-expiry', everyMs: o.everyMs, run: async (at) => void (await expireReservations(o.pool, o.gateway, at)) },
    {
      name: 'payment-reconciliation',
      everyMs: o.everyMs,
      run: async (at) => {
        const said = (r: Reconciliation) => {
          if (r.repaired > 0 || r.flagged > 0) log.warn(`payments reconciled: ${r.checked} intents checked, ${r.repaired} orders repaired, ${r.flagged} differences flagged (payment_discrepancies)`);
        };
        // A run that could not settle every intent still says what it did, then fails for the dead-letter list.
        said(await reconcilePayments(o.pool, o.gateway, at).catch((err: unknown) => {
          if (err instanceof ReconciliationIncomplete) said(err.done);
          throw err;
        }));
      },
    },
    {
      name: 'refund-retry',
      everyMs: o.everyMs,
      run: async (at) => {
        const r = await retryUnsettledRefunds(o.pool, o.gateway, at);
        if (r.settled + r.refused + r.unknown > 0) log.warn(`card refunds asked again: ${r.settled} settled, ${r.refused} refused by the provider, ${r.unknown} still without an answer`);
      },
    },
  ];
}
