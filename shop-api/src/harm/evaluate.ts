import { harmRules, type HarmRule } from '@cgg/contracts/staff';
import type { Queryable } from '../accounts/queryable.ts';
import { readCustomerFacts } from './customer-facts.ts';
import { readThresholds } from './harm-settings.ts';
import { rules } from './rules.ts';

/**
 * Looks at one customer with every rule and stores a flag for each that fires, with its
 * figures. A rule with a flag still open is skipped: one open flag per customer per rule (the
 * table's unique index holds it too, for two evaluations at once). The facts are one read
 * (customer-facts.ts); a flag raised is one write. Runs after each paid order
 * (after the commit, never in the checkout's way), after a limit raise or break, and from the
 * periodic sweep. Answers the rules flagged now.
 */
export async function evaluateHarmMarkers(db: Queryable, customerId: number, now: Date): Promise<HarmRule[]> {
  const facts = await readCustomerFacts(db, customerId, now);
  const raised: HarmRule[] = [];
  for (const rule of harmRules) {
    if (facts.past[rule]?.open) continue;
    const figures = rules[rule](facts, now);
    if (!figures) continue;
    const inserted = await db.query(
      `INSERT INTO harm_flags (customer_id, rule, raised_at, figures) VALUES ($1, $2, $3, $4)
       ON CONFLICT (customer_id, rule) WHERE closed_at IS NULL DO NOTHING`,
      [customerId, rule, now, JSON.stringify(figures)],
    );
    if (inserted.rowCount === 1) raised.push(rule);
  }
  return raised;
}

/**
 * The periodic sweep: every customer with something a rule could count (an order, a limit
 * raise, a break start) within the longest look-back. Catches what no order set off: a break
 * taken, a rule whose threshold an admin lowered. Answers how many flags it raised. Each customer's
 * facts are read on `perCustomer` (the API's keyed pool: db/keyed-plans.ts).
 */
export async function sweepHarmMarkers(db: Queryable, now: Date, perCustomer: Queryable = db): Promise<number> {
  const t = await readThresholds(db);
  const days = Math.max(7 * (t.spend_spike_weeks + 1), t.raises_days, t.late_night_days, t.high_spend_days, t.break_lookback_days, 31);
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM customers c WHERE c.lock_started_at > $1
        OR EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.created_at > $1)
        OR EXISTS (SELECT 1 FROM limit_raises r WHERE r.customer_id = c.id AND r.asked_at > $1)
     ORDER BY id`,
    [new Date(now.getTime() - days * 86_400_000)],
  );
  let raised = 0;
  for (const { id } of rows) raised += (await evaluateHarmMarkers(perCustomer, id, now)).length;
  return raised;
}
