import type { FlaggedCustomer } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { openFlags } from '../harm/review-queue.ts';

/*
 * The dashboard's "Customers to look at": the customers with review flags open (the harm
 * markers, shop-api/src/harm: one source of truth with the Reviews queue), each with the
 * reasons, newest first. The rules, their thresholds and when they run are in harm/rules.ts;
 * a flag leaves this list when staff record what they did about it.
 */

/** The dashboard shows this many, newest first. */
export const FLAGGED_SHOWN = 10;

export async function flaggedCustomers(db: Queryable): Promise<FlaggedCustomer[]> {
  const byCustomer = new Map<number, FlaggedCustomer>();
  for (const f of await openFlags(db)) {
    const c = byCustomer.get(f.customer_id) ?? { customer_id: f.customer_id, name: f.name, flagged_at: f.raised_at, reasons: [] };
    c.reasons.push({ code: f.rule, text: f.text });
    byCustomer.set(f.customer_id, c);
  }
  // Flags come newest first, so each customer's first is their newest and the map keeps that order.
  return [...byCustomer.values()].slice(0, FLAGGED_SHOWN);
}
