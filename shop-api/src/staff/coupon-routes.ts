import { poundsToPence } from '@cgg/contracts';
import { STAFF_LIST_CAPS, type StaffCoupon, type StaffRole } from '@cgg/contracts/staff';
import type pg from 'pg';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { penceToPounds } from '../lib/money.ts';
import { createCoupon, listCoupons, type IssuedCoupon } from '../store/coupon-issue.ts';
import { staffActor } from './audit-log.ts';

/** An operator sees a customer's coupon by customer number only: customers' details are for admins and support. */
const toAnswer = (c: IssuedCoupon, role: StaffRole): StaffCoupon => ({
  id: c.id, code: c.code, description: c.description, amount: c.amountPence === null ? null : penceToPounds(c.amountPence), percent: c.percent,
  customer_id: c.customerId, customer_email: role === 'admin' ? c.customerEmail : null, expires_at: c.expiresAt?.toISOString() ?? null, used_at: c.usedAt?.toISOString() ?? null,
  orders: c.orders, created_at: c.createdAt.toISOString(),
});

/** Admins and operators issue coupons and see them (the CLI's `coupon-create`, the same function). */
export function couponRoutes(deps: { pool: pg.Pool; now: () => Date }): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.staffCoupons, {
      summary: 'Admins and operators: the newest 200 coupons, each with its discount, who may use it, its last day and how often it has been used.',
      handler: async ({ staff }) => ({ success: true, data: (await listCoupons(deps.pool, STAFF_LIST_CAPS.coupons)).map((c) => toAnswer(c, staff.role)) }),
    }),
    declaredRoute(routeTable.staffCouponCreate, {
      summary: 'Admins and operators: a new coupon, a fixed amount (up to £1,000) or a percentage off, for one customer (single use) or site-wide, with an optional last London day. Audited (`coupon.create`).',
      description: 'The same as the CLI\'s `coupon-create`. 400 `rest_invalid_param` naming the field (`code`, `amount`, `percent`, `customer_id`, `description`, `expires_on`: both or neither of amount and percent, a day in the past, no such customer); `customer_email` only to admins; 409 `cgg_coupon_exists` for a code in use, in any case.',
      handler: async ({ input, staff }) => {
        const made = await createCoupon(deps.pool, {
          code: input.code, amountPence: input.amount === undefined ? null : poundsToPence(input.amount), percent: input.percent ?? null,
          customerId: input.customer_id ?? null, description: input.description ?? '', expiresOn: input.expires_on ?? null,
          by: { staffId: staff.staffId, actor: staffActor(staff) }, at: deps.now(),
        });
        return { success: true, data: toAnswer(made, staff.role) };
      },
    }),
  ];
}
