import { poundsToPence } from '@cgg/contracts';
import type { StaffAccount, StaffRole } from '@cgg/contracts/staff';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../accounts/queryable.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { penceToPounds } from '../lib/money.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { refundOrder } from '../payments/refund-order.ts';
import { recordStaffAction, staffActor } from './audit-log.ts';
import { resetStaffSignIn } from './staff-sign-in-reset.ts';

interface AccountRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  refund_limit_pence: number | null;
  totp_enabled_at: Date | null;
  disabled_at: Date | null;
  created_at: Date;
}

const toAccount = (r: AccountRow): StaffAccount => ({
  id: r.id, email: r.email, name: r.name, role: r.role,
  refund_limit: r.refund_limit_pence === null ? null : penceToPounds(r.refund_limit_pence),
  second_factor: r.totp_enabled_at !== null, disabled: r.disabled_at !== null, created_at: r.created_at.toISOString(),
});

const ACCOUNT_COLUMNS = 'id, email, name, role, refund_limit_pence, totp_enabled_at, disabled_at, created_at';

async function account(db: Queryable, id: number, lock = false): Promise<AccountRow | undefined> {
  return (await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])).rows[0];
}

/** Admins manage staff (list, role, refund limit, disable, a lost sign-in reset); admins and support refund orders. */
export function staffManagementRoutes(deps: { pool: pg.Pool; now: () => Date; gateway: PaymentGateway; mailer?: Mailer }): DeclaredRoute[] {
  const { pool, now, gateway } = deps;
  return [
    declaredRoute(routeTable.staffList, {
      summary: 'Admins only: every staff member, with role, refund limit, second factor and whether disabled.',
      handler: async () => {
        const { rows } = await pool.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff ORDER BY disabled_at IS NOT NULL, role, lower(name)`);
        return { success: true, data: rows.map(toAccount) };
      },
    }),

    declaredRoute(routeTable.staffUpdate, {
      summary: 'Admins only: change a staff member\'s role or refund limit, or disable or re-enable them.',
      description: 'Disabling ends their sessions at once. An admin cannot disable or demote themselves, and no change may leave no enabled admin (409 `cgg_staff_last_admin`; two admins changing each other at once queue), so the back office always keeps an admin. Recorded in the audit log with the values before and after. 404 `cgg_staff_not_found`.',
      handler: async ({ input, staff }) => {
        const at = now();
        const updated = await inTransaction(pool, async (client) => {
          // Every enabled admin's row first, in one order: two admins demoting or disabling each
          // other at once queue here, and the second sees what the first did (the check below).
          await client.query(`SELECT id FROM staff WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`);
          const before = await account(client, input.id, true);
          if (!before) throw new WpHttpError(404, 'cgg_staff_not_found', 'There is no such staff member.');
          if (before.id === staff.staffId && (input.disabled === true || (input.role !== undefined && input.role !== 'admin'))) {
            throw new WpHttpError(409, 'cgg_staff_self', 'You cannot disable yourself or take away your own admin role.');
          }
          await client.query(
            `UPDATE staff SET role = COALESCE($2, role),
                              refund_limit_pence = CASE WHEN $3::boolean THEN $4::int ELSE refund_limit_pence END,
                              disabled_at = CASE WHEN $5::boolean IS NULL THEN disabled_at WHEN $5 THEN COALESCE(disabled_at, $6) ELSE NULL END
              WHERE id = $1`,
            [input.id, input.role ?? null, input.refund_limit !== undefined, input.refund_limit == null ? null : poundsToPence(input.refund_limit), input.disabled ?? null, at],
          );
          const admins = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND disabled_at IS NULL`);
          if (admins.rows[0]!.n === 0) throw new WpHttpError(409, 'cgg_staff_last_admin', 'This would leave the back office without an admin: make someone else an admin first.');
          if (input.disabled) await client.query('UPDATE staff_sessions SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL', [input.id, at]);
          const after = (await account(client, input.id))!;
          await recordStaffAction(client, {
            staffId: staff.staffId, actor: staffActor(staff), action: 'staff.update', subject: `staff #${input.id}`, before: toAccount(before), after: toAccount(after), at,
          });
          return after;
        });
        return { success: true, data: toAccount(updated) };
      },
    }),

    declaredRoute(routeTable.staffResetSignIn, {
      summary: 'Admins only: resets a staff member\'s sign-in (they lost their authenticator app and recovery codes, or their password): the first password given, their app, recovery codes and sessions gone. Their next sign-in enrols an app again.',
      description: 'The same as the CLI\'s `staff-reset`. Recorded in the audit log (`staff.reset-sign-in`, never the password). 409 `cgg_staff_self` (an admin resets only others), 404 `cgg_staff_not_found`, 400 `rest_invalid_param` for a password under 12 characters.',
      handler: async ({ input, staff }) => {
        const after = await inTransaction(pool, async (client) => {
          await resetStaffSignIn(client, { id: input.id, password: input.password, by: { staffId: staff.staffId, actor: staffActor(staff) }, now: now() });
          return (await account(client, input.id))!;
        });
        return { success: true, data: toAccount(after) };
      },
    }),

    declaredRoute(routeTable.staffRefundOrder, {
      summary: 'Refund some or all of an order\'s card payment, to the card through the payment gateway or to site credit: admins any amount, support up to their refund limit.',
      description: 'The same refund as the CLI\'s `refund-order` (`refundOrder`): once per `idempotency_key`, never more than the card paid, recorded in the audit log, the customer mailed. The whole order (no `amount`) also gives back the site credit and points it spent and releases its tickets; 409 `cgg_competition_drawn` when one of them is in a drawn competition. 403 `cgg_refund_over_limit` for support above their limit (or without one); 400/404/409 as the refund rules say.',
      handler: async ({ input, staff, request }) => {
        // Support refunds up to the limit an admin set (checked with the amount, under the order's lock).
        const limitPence = staff.role === 'support' ? ((await account(pool, staff.staffId))?.refund_limit_pence ?? null) : undefined;
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
