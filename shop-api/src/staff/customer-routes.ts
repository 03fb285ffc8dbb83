import { poundsToPence } from '@cgg/contracts';
import type pg from 'pg';
import { adjustBalance, ledgers } from '../accounts/ledger-adjustment.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { recordStaffAction, staffActor } from './audit-log.ts';
import { customerProfile, searchCustomers } from './customer-lookup.ts';

const noCustomer = (id: number) => new WpHttpError(404, 'cgg_customer_not_found', `There is no customer ${id}.`);
const noteKeyReused = () => new WpHttpError(409, 'cgg_idempotency_key_reused', 'That key was already used for another note; reload the customer to see their notes.');

/** Support's customer look-up: search, one customer's picture, notes, and points and credit adjustments. */
export function customerRoutes(deps: { pool: pg.Pool; now: () => Date }): DeclaredRoute[] {
  const { pool, now } = deps;
  const profileOrNotFound = async (id: number) => {
    const profile = await customerProfile(pool, id);
    if (!profile) throw noCustomer(id);
    return { success: true as const, data: profile };
  };
  return [
    declaredRoute(routeTable.staffCustomerSearch, {
      summary: 'Finds customers by part of a name or email, a customer or order number, or a ticket (competition:ticket).',
      description: 'At most 25 matches.',
      handler: async ({ input }) => {
        const matches = await searchCustomers(pool, input.query);
        return { success: true, data: matches.map((m) => ({ ...m, created_at: m.created_at.toISOString() })) };
      },
    }),

    declaredRoute(routeTable.staffCustomer, {
      summary: 'One customer for support: orders, wins, claims, balances, spend limit and break, and staff notes.',
      description: '404 `cgg_customer_not_found`.',
      handler: async ({ input }) => profileOrNotFound(input.id),
    }),

    declaredRoute(routeTable.staffCustomerNote, {
      summary: 'Adds a staff note to a customer (kept as written; recorded in the audit log). Answers the customer with the note.',
      description: '404 `cgg_customer_not_found`. The same `idempotency_key` again (the back office sends one per note) answers the note it added, added once; the key with another customer or text is 409 `cgg_idempotency_key_reused`.',
      handler: async ({ input, staff }) => {
        const at = now();
        const actor = staffActor(staff);
        const key = input.idempotency_key ?? null;
        const added = await inTransaction(pool, async (client) => {
          // A repeat of the same key waits here for the first to commit, then inserts nothing.
          const note = await client.query<{ id: string }>(
            `INSERT INTO customer_notes (customer_id, staff_id, author, text, created_at, idempotency_key) SELECT id, $2, $3, $4, $5, $6 FROM customers WHERE id = $1
             ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id`,
            [input.customer_id, staff.staffId, actor, input.text, at, key],
          );
          if (!note.rows[0]) {
            const made = key ? (await client.query<{ customer_id: number; text: string }>('SELECT customer_id, text FROM customer_notes WHERE idempotency_key = $1', [key])).rows[0] : undefined;
            if (!made) return false;
            if (made.customer_id !== input.customer_id || made.text !== input.text) throw noteKeyReused();
            return true;
          }
          await recordStaffAction(client, { staffId: staff.staffId, actor, action: 'customer.note', subject: `customer #${input.customer_id}`, after: { note: input.text }, at });
          return true;
        });
        if (!added) throw noCustomer(input.customer_id);
        return profileOrNotFound(input.customer_id);
      },
    }),

    declaredRoute(routeTable.staffAdjustBalance, {
      summary: 'Adds or removes loyalty points or site credit with a reason the customer sees; never below a zero balance. Audited.',
      description: 'The same `adjustBalance` as the CLI\'s points-adjust and credit-adjust. The same `idempotency_key` again is the same change, made once (answered with the profile as it is); the key with another customer, amount or reason is 409 `cgg_idempotency_key_reused`. 400 for points that are not whole; 409 `cgg_balance_below_zero`; 404 `cgg_customer_not_found`.',
      handler: async ({ input, staff }) => {
        const text = input.amount.trim();
        if (input.kind === 'points' && text.includes('.')) {
          const message = 'Points are whole numbers, like 50 or -50.';
          throw new WpHttpError(400, 'rest_invalid_param', message, { params: { amount: message } });
        }
        const negative = text.startsWith('-');
        const size = text.replace(/^[+-]/, '');
        const amount = (negative ? -1 : 1) * (input.kind === 'points' ? Number(size) : poundsToPence(size));
        if (!(await customerProfile(pool, input.customer_id))) throw noCustomer(input.customer_id);
        const ledger = ledgers[input.kind];
        const done = await adjustBalance(pool, ledger, {
          customerId: input.customer_id, amount, reason: input.reason, actor: staffActor(staff), staffId: staff.staffId, now: now(), idempotencyKey: input.idempotency_key,
        });
        if (!done.done) throw new WpHttpError(409, 'cgg_balance_below_zero', `Not changed: the customer has ${ledger.show(done.balance)}; removing ${ledger.show(-amount)} would go below 0.`);
        return profileOrNotFound(input.customer_id);
      },
    }),
  ];
}
