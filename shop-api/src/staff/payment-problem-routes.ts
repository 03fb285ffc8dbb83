import { STAFF_LIST_CAPS } from '@cgg/contracts/staff';
import type pg from 'pg';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { penceToPounds } from '../lib/money.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { listPaymentProblems, resolvePaymentProblem, type PaymentProblem } from '../payments/payment-problems.ts';
import { staffActor } from './audit-log.ts';

const toAnswer = (p: PaymentProblem) => ({
  id: p.id, provider: p.provider, intent_id: p.intentId, order_id: p.orderId, order_status: p.orderStatus, kind: p.kind, detail: p.detail,
  repaired: p.repaired, found_at: p.foundAt.toISOString(), resolved_at: p.resolvedAt?.toISOString() ?? null, resolved_by: p.resolvedBy, resolution: p.resolution,
  on_close: p.onClose, customer_mail: p.customerMail, customer_told_at: p.customerToldAt?.toISOString() ?? null,
});

/** Admins: payment problems (what reconciliation and the payment code flagged), and closing one (the CLI's `payment-problems`). */
export function paymentProblemRoutes(deps: { pool: pg.Pool; now: () => Date; gateway: PaymentGateway; mailer: Mailer }): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.staffPaymentProblems, {
      summary: 'Admins: payment problems found between the payment provider and our orders. `open` (default true): those neither repaired automatically nor dealt with, oldest first; false: the last 100 of every kind, newest first.',
      handler: async ({ input }) => ({ success: true, data: (await listPaymentProblems(deps.pool, { open: input.open ?? true, limit: STAFF_LIST_CAPS.paymentProblems })).map(toAnswer) }),
    }),
    declaredRoute(routeTable.staffResolvePaymentProblem, {
      summary: 'Admins: marks a payment problem dealt with, with a note of what was done (kept with it and in the audit log). A payment of the wrong amount is refunded in full first (`refund: false`: already refunded elsewhere), and its order released if it is still held (`on_close` in the list says which); the customer is mailed how it ended.',
      description: 'The same as the CLI\'s `payment-problems --resolve`. Safe to repeat after an unanswered call (the refund has its own key). 404 `cgg_payment_problem_not_found`; 409 `cgg_payment_problem_closed` (already repaired or dealt with); 409 `cgg_payment_problem_other_provider` (a payment taken by a provider the shop no longer uses: refund it there, then close with `refund: false`); 502 `cgg_payment_provider_unavailable` (nothing marked done: try again).',
      handler: async ({ input, staff }) => {
        const done = await resolvePaymentProblem(deps.pool, deps.gateway, deps.mailer, { id: input.id, note: input.note, refund: input.refund ?? true, by: staffActor(staff), staffId: staff.staffId, now: deps.now() });
        return { success: true, data: { problem: toAnswer(done.problem), refunded: penceToPounds(done.refundedPence), order_released: done.orderReleased } };
      },
    }),
  ];
}
