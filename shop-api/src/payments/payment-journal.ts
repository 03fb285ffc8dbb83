import type pg from 'pg';
import { createPool } from '../db/pool.ts';

/**
 * Connections for the payments' bookkeeping writes - which intent an order has, which webhook
 * events came - committed without waiting for the disk flush (`synchronous_commit = off`). Each
 * can be rebuilt if a crash loses its last moments: the intent from the provider (the same
 * idempotency key answers the same intent; reconciliation lists them), a webhook event from the
 * provider's next delivery (applying it again changes nothing). The order's own changes (paid,
 * released) keep the main pool's durable commits. A few connections, closed with the app.
 */
export function createPaymentJournal(pool: pg.Pool): pg.Pool {
  return createPool({ ...pool.options, max: 4, allowExitOnIdle: true, options: '-c synchronous_commit=off' }, 'payments journal');
}
