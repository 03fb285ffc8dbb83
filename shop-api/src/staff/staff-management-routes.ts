import { poundsToPence } from '@cgg/contracts';
import type pg from 'pg';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { penceToPounds } from '../lib/money.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { refundOrder } from '../payments/refund-order.ts';
import { staffActor } from './audit-log.ts';
import { listStaff, staffAccountRow, updateStaff } from './staff-directory.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { resetStaffSignIn } from './staff-sign-in-reset.ts';

/** Admins manage staff (list, role, refund limit, disable, a lost sign-in reset); admins and support refund orders. */
export function staffManagementRoutes(deps: { pool: pg.Pool; now: () => Date; gateway: PaymentGateway; limits: RateLimits; mailer: Mailer; siteUrl: string }): DeclaredRoute[] {
  const { pool, now, gateway } = deps;
  return [
    declaredRoute(routeTable.staffList, {
      summary: 'Admins only: every staff member, with role, refund limit, second factor and whether disabled.',
      handler: async () => ({ success: true, data: await listStaff(pool) }),
    }),

    declaredRoute(routeTable.staffUpdate, {
      summary: 'Admins only: change a staff member\'s role or refund limit, or disable or re-enable them.',
      description: 'The same as the CLI\'s `staff-update`. Disabling ends their sessions at once. An admin cannot disable or demote themselves, and no change may leave no enabled admin (409 `cgg_staff_last_admin`; two admins changing each other at once queue), so the back office always keeps an admin. Recorded in the audit log with the values before and after. 404 `cgg_staff_not_found`.',
      handler: async ({ input, staff }) => ({
        success: true,
        data: await updateStaff(pool, { id: input.id, role: input.role, refundLimit: input.refund_limit, disabled: input.disabled, by: { staffId: staff.staffId, actor: staffActor(staff) }, now: now() }),
      }),
    }),

    declaredRoute(routeTable.staffResetSignIn, {
      summary: 'Admins only: resets a staff member\'s sign-in (they lost their authenticator app and recovery codes, or their password): their app, recovery codes and sessions gone, and a link mailed to choose a new password. Their next sign-in enrols an app again.',
      description: 'The same as the CLI\'s `staff-reset`. Without `password` (the back office) the member is mailed a link to choose their own (`staff/set_password`), so the admin never knows it; with one (an older back office) it is their first password, replaced at their next sign-in. Recorded in the audit log (`staff.reset-sign-in`, never the password); the mail is queued in the same transaction. 409 `cgg_staff_self` (an admin resets only others), 409 `cgg_staff_reset_admin` (another admin\'s sign-in with a password given: the resetter could sign in as them; the link or the CLI), 404 `cgg_staff_not_found`, 400 `rest_invalid_param` for a password under 12 characters.',
      handler: async ({ input, staff }) => ({
        success: true,
        data: await resetStaffSignIn(pool, deps.limits, {
          id: input.id, password: input.password, by: { staffId: staff.staffId, actor: staffActor(staff) }, now: now(),
          link: { mailer: deps.mailer, siteUrl: deps.siteUrl, byName: staff.name },
        }),
      }),
    }),

    declaredRoute(routeTable.staffRefundOrder, {
      summary: 'Refund some or all of an order\'s card payment, to the card through the payment gateway or to site credit: admins any amount, support up to their refund limit.',
      description: 'The same refund as the CLI\'s `refund-order` (`refundOrder`): once per `idempotency_key`, never more than the card paid, recorded in the audit log, the customer mailed. The whole order (no `amount`) also gives back the site credit and points it spent and releases its tickets; 409 `cgg_competition_drawn` when one of them is in a drawn competition. 403 `cgg_refund_over_limit` for support above their limit (or without one); 400/404/409 as the refund rules say.',
      handler: async ({ input, staff, request }) => {
        // Support refunds up to the limit an admin set (checked with the amount, under the order's lock).
        const limitPence = staff.role === 'support' ? ((await staffAccountRow(pool, staff.staffId))?.refund_limit_pence ?? null) : undefined;
        const done = await refundOrder(pool, gateway, {
          orderId: input.order_id, amountPence: input.amount === undefined ? undefined : poundsToPence(input.amount), to: input.to ?? 'card',
          idempotencyKey: input.idempotency_key, reason: input.reason, by: staffActor(staff), staffId: staff.staffId, limitPence, now: now(),
        }, deps.mailer, request.log);
        return {
          success: true,
          data: {
            order_id: done.orderId, amount: penceToPounds(done.amountPence), left: penceToPounds(done.leftPence), order_status: done.orderStatus, reference: done.reference, repeated: done.repeated,
            to: done.to, credit_returned: penceToPounds(done.creditReturnedPence), points_returned: done.pointsReturned, tickets_released: done.ticketsReleased,
            coupons_returned: done.couponsReturned,
          },
        };
      },
    }),
  ];
}
