import type pg from 'pg';
import { WpHttpError } from '../http/wp-error.ts';
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
  /** The back office's key for this one change: a retried submit finds it and adds nothing again. The CLI has none. */
  idempotencyKey?: string;
}

const keyReused = () => new WpHttpError(409, 'cgg_idempotency_key_reused', 'That change was already made with other details; check the balance, then save it again.');

/**
 * Adds a signed amount to a customer's ledger with the reason, under the customer's row lock so
 * two adjustments cannot both pass the balance check, and records it in the audit log in the same
 * transaction. Refuses (changing nothing) anything that would take the balance below zero.
 * With an idempotency key the change is made once: the same key again changes nothing, and the key
 * with other details (customer, amount, reason) is refused.
 * The CLI's points-adjust and credit-adjust and the back office's customer screen use it.
 */
export async function adjustBalance(pool: pg.Pool, ledger: Ledger, change: BalanceChange): Promise<{ done: boolean; balanceBefore: number; balance: number }> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [change.customerId]);
    const { rows } = await client.query<{ b: string }>(`SELECT COALESCE(sum(${ledger.column}), 0) AS b FROM ${ledger.table} WHERE customer_id = $1`, [change.customerId]);
    const before = Number(rows[0]!.b);
    if (change.idempotencyKey !== undefined) {
      // Under the customer's lock, so a retry racing its first submit waits and then finds its row.
      // Either ledger: one key is one change, so points asked for under a credit change's key are refused.
      const made = (await client.query<{ ledger: string; customer_id: number; amount: number; description: string }>(
        `SELECT 'points_logs' AS ledger, customer_id, points AS amount, description FROM points_logs WHERE idempotency_key = $1
         UNION ALL SELECT 'credit_logs', customer_id, amount_pence, description FROM credit_logs WHERE idempotency_key = $1`,
        [change.idempotencyKey],
      )).rows[0];
      if (made && made.ledger === ledger.table && made.customer_id === change.customerId && made.amount === change.amount && made.description === change.reason) {
        return { done: true, balanceBefore: before, balance: before };
      }
      if (made) throw keyReused();
    }
    if (before + change.amount < 0) return { done: false, balanceBefore: before, balance: before };
    await client.query(
      `INSERT INTO ${ledger.table} (customer_id, type, ${ledger.column}, description, created_at, adjusted_by, idempotency_key) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [change.customerId, ledger.type, change.amount, change.reason, change.now, change.actor, change.idempotencyKey ?? null],
    ).catch((err: unknown) => {
      // The same key for another customer at the same moment (two locks, one key): the loser of the UNIQUE race.
      if ((err as { constraint?: string }).constraint === `${ledger.table}_idempotency_key_idx`) throw keyReused();
      throw err;
    });
    await recordStaffAction(client, {
      staffId: change.staffId, actor: change.actor, action: ledger.action, subject: `customer #${change.customerId}`,
      before: { balance: before }, after: { balance: before + change.amount, change: change.amount, reason: change.reason }, at: change.now,
    });
    return { done: true, balanceBefore: before, balance: before + change.amount };
  });
}
