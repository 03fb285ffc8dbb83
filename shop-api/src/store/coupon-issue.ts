import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { londonToday } from '@cgg/contracts/account';
import { londonEndOfDay } from '../lib/london-time.ts';
import { recordStaffAction } from '../staff/audit-log.ts';

/*
 * Issuing coupons: the back office's Coupons screen and the CLI's `coupon-create` both come here,
 * so a code is checked, stored and audited one way. A coupon for one customer is single use; a
 * site-wide one (no customer) any number of times until it expires.
 */

export interface NewCoupon {
  code: string;
  /** Exactly one of a fixed amount off (pence) and a percentage off (1-100). */
  amountPence: number | null;
  percent: number | null;
  customerId: number | null;
  description: string;
  /** The last London day it works, 'YYYY-MM-DD'; null: no end. */
  expiresOn: string | null;
  by: { staffId: number | null; actor: string };
  at: Date;
}

export interface IssuedCoupon {
  id: number;
  code: string;
  description: string;
  amountPence: number | null;
  percent: number | null;
  customerId: number | null;
  customerEmail: string | null;
  expiresAt: Date | null;
  usedAt: Date | null;
  /** Orders that took money off with it. */
  orders: number;
  createdAt: Date;
}

const refused = (field: string, message: string) => new WpHttpError(400, 'rest_invalid_param', message, { params: { [field]: message } });
/** A coupon's amount off: £1,000 at most, so a slip of the keyboard cannot give away a fortune. */
export const MAX_COUPON_PENCE = 100_000;

/** A new coupon, or a clear refusal of the field that is wrong; 409 `cgg_coupon_exists` for a code in use (any case). */
export async function createCoupon(pool: pg.Pool, c: NewCoupon): Promise<IssuedCoupon> {
  const code = c.code.trim();
  if (!/^[A-Za-z0-9_-]{3,40}$/.test(code)) throw refused('code', 'A code is 3-40 letters, digits, _ or -.');
  if ((c.amountPence === null) === (c.percent === null)) throw refused('amount', 'Give an amount off or a percentage off, not both.');
  if (c.amountPence !== null && (!Number.isInteger(c.amountPence) || c.amountPence <= 0 || c.amountPence > MAX_COUPON_PENCE)) throw refused('amount', 'The amount off is from £0.01 to £1,000.');
  if (c.percent !== null && (!Number.isInteger(c.percent) || c.percent < 1 || c.percent > 100)) throw refused('percent', 'The percentage off is a whole number from 1 to 100.');
  const description = c.description.trim() || 'CGG Coupon';
  if (description.length > 100) throw refused('description', 'The description is at most 100 characters.');
  let expiresAt: Date | null = null;
  if (c.expiresOn !== null) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(c.expiresOn) || Number.isNaN(Date.parse(`${c.expiresOn}T12:00:00Z`)) || new Date(`${c.expiresOn}T12:00:00Z`).toISOString().slice(0, 10) !== c.expiresOn) {
      throw refused('expires_on', 'Give the last day as a date, e.g. 2026-12-31.');
    }
    if (c.expiresOn < londonToday(c.at)) throw refused('expires_on', 'The last day cannot be in the past.');
    expiresAt = londonEndOfDay(c.expiresOn);
  }
  return inTransaction(pool, async (client) => {
    let customerEmail: string | null = null;
    if (c.customerId !== null) {
      const found = await client.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [c.customerId]);
      if (!found.rows[0]) throw refused('customer_id', `There is no customer #${c.customerId}.`);
      customerEmail = found.rows[0].email;
    }
    // Two issuers of one code at once: the unique index makes the second wait, then refuses it here.
    const made = await client.query<{ id: number }>(
      `INSERT INTO coupons (customer_id, code, description, amount_pence, percent, discount_type, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (lower(code)) DO NOTHING RETURNING id`,
      [c.customerId, code, description, c.amountPence, c.percent, c.amountPence !== null ? 'fixed_cart' : 'percent', expiresAt, c.at],
    );
    if (!made.rows[0]) throw new WpHttpError(409, 'cgg_coupon_exists', `A coupon with the code ${code} already exists.`);
    await recordStaffAction(client, {
      staffId: c.by.staffId, actor: c.by.actor, action: 'coupon.create', subject: `coupon #${made.rows[0].id}`,
      after: { code, customer_id: c.customerId, amount_pence: c.amountPence, percent: c.percent, expires_at: expiresAt, description }, at: c.at,
    });
    return { id: made.rows[0].id, code, description, amountPence: c.amountPence, percent: c.percent, customerId: c.customerId, customerEmail, expiresAt, usedAt: null, orders: 0, createdAt: c.at };
  });
}

/** The newest coupons first, each with who may use it and how often it has been. */
export async function listCoupons(db: Queryable, limit: number): Promise<IssuedCoupon[]> {
  const { rows } = await db.query<{ id: number; code: string; description: string; amount_pence: number | null; percent: number | null; customer_id: number | null; email: string | null; expires_at: Date | null; used_at: Date | null; orders: number; created_at: Date }>(
    `SELECT k.id, k.code, k.description, k.amount_pence, k.percent, k.customer_id, c.email, k.expires_at, k.used_at, k.created_at,
            (SELECT count(*)::int FROM order_coupons oc WHERE oc.coupon_id = k.id) AS orders
     FROM coupons k LEFT JOIN customers c ON c.id = k.customer_id ORDER BY k.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id, code: r.code, description: r.description, amountPence: r.amount_pence, percent: r.percent, customerId: r.customer_id, customerEmail: r.email,
    expiresAt: r.expires_at, usedAt: r.used_at, orders: r.orders, createdAt: r.created_at,
  }));
}
