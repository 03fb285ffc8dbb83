import type { Queryable } from './queryable.ts';

/**
 * The FIRST lock of every transaction that changes what one customer holds: a checkout,
 * adopting or merging a basket at sign-in, making their basket. Taking the customer row
 * before anything that depends on it (their basket, orders, ledgers, per-competition
 * locks) gives every such transaction the same lock order, so two of them for one
 * customer queue instead of deadlocking.
 *
 * FOR NO KEY UPDATE, not FOR UPDATE: inserting a row that references the customer
 * (an order, a ledger row, a session) takes FOR KEY SHARE on it through the foreign key,
 * which FOR UPDATE conflicts with and FOR NO KEY UPDATE does not. With FOR UPDATE, a
 * checkout that had already inserted its order and then asked for the row deadlocked
 * with a second checkout doing the same (issue 14); logins and other writers of rows
 * that merely reference the customer need not wait for a checkout either.
 *
 * Its own statement, deliberately: in READ COMMITTED a statement that waited for a lock
 * still reads with the snapshot taken before it waited, so balances read in the same
 * statement could miss what the transaction it waited for just spent. Read them after.
 *
 * Returns false when the customer does not exist (deleted meanwhile).
 */
export async function lockCustomer(db: Queryable, customerId: number): Promise<boolean> {
  const { rowCount } = await db.query(lockCustomerStatement(customerId));
  return rowCount === 1;
}

/**
 * The lock as a statement with its id written in (a whole number, checked), so a caller may
 * also send it in one message with BEGIN (the checkout: one round trip fewer). Its result has
 * one row when the customer exists.
 */
export function lockCustomerStatement(customerId: number): string {
  if (!Number.isSafeInteger(customerId)) throw new Error(`not a customer id: ${customerId}`);
  return `SELECT 1 FROM customers WHERE id = ${customerId} FOR NO KEY UPDATE`;
}
