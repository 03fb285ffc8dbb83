import type pg from 'pg';
import { recordStaffAction } from '../staff/audit-log.ts';
import { inTransaction } from './queryable.ts';

/** A customer ledger staff may adjust: names fixed in code, never from input. */
export interface Ledger {
  table: 'points_logs' | 'credit_logs';
  column: 'points' | 'amount_pence';
  type: 'admin-adjust' | 'admin-credit';
  action: 'points.adjust' | 'credit.adjust';
  /** How an amount reads in messages: "50 points", "£4.50 site credit". */
  show(amount: number): string;
}

export const ledgers = {
  points: { table: 'points_logs', column: 'points', type: 'admin-adjust', action: 'points.adjust', show: (points: number) => `${points} points` },
  credit: { table: 'credit_logs', column: 'amount_pence', type: 'admin-credit', action: 'credit.adjust', show: (pence: number) => `£${(pence / 100).toFixed(2)} site credit` },
} satisfies Record<string, Ledger>;

export interface BalanceChange {
  customerId: number;
  /** Signed: points, or pence of credit. */
  amount: number;
  /** Shown to the customer with the ledger row. */
  reason: string;
  /** Who: 'Sid Support <sid@cgg.test>', 'cli:amy'; staffId null for the CLI. */
  actor: string;
  staffId: number | null;
  now: Date;
}

/**
 * Adds a signed amount to a customer's ledger with the reason, under the customer's row lock so
 * two adjustments cannot both pass the balance check, and records it in the audit log in the same
 * transaction. Refuses (changing nothing) anything that would take the balance below zero.
 * The CLI's points-adjust and credit-adjust and the back office's customer screen use it.
 */
export async function adjustBalance(pool: pg.Pool, ledger: Ledger, change: BalanceChange): Promise<{ done: boolean; balanceBefore: number; balance: number }> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [change.customerId]);
    const { rows } = await client.query<{ b: string }>(`SELECT COALESCE(sum(${ledger.column}), 0) AS b FROM ${ledger.table} WHERE customer_id = $1`, [change.customerId]);
    const before = Number(rows[0]!.b);
    if (before + change.amount < 0) return { done: false, balanceBefore: before, balance: before };
    await client.query(
      `INSERT INTO ${ledger.table} (customer_id, type, ${ledger.column}, description, created_at, adjusted_by) VALUES ($1, $2, $3, $4, $5, $6)`,
      [change.customerId, ledger.type, change.amount, change.reason, change.now, change.actor],
    );
    await recordStaffAction(client, {
      staffId: change.staffId, actor: change.actor, action: ledger.action, subject: `customer #${change.customerId}`,
      before: { balance: before }, after: { balance: before + change.amount, change: change.amount, reason: change.reason }, at: change.now,
    });
    return { done: true, balanceBefore: before, balance: before + change.amount };
  });
}
