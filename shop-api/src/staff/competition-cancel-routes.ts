import type pg from 'pg';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { penceToPounds } from '../lib/money.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { refundCompetition } from '../payments/refund-competition.ts';
import { staffActor } from './audit-log.ts';

/** Admins and operators cancel a competition and refund everyone who paid for it. */
export function competitionCancelRoutes(deps: { pool: pg.Pool; now: () => Date; gateway: PaymentGateway; mailer?: Mailer }): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.staffCancelCompetition, {
      summary: 'Cancel a competition (no more sales, no draw) and refund every paid order of it, to the card or to site credit.',
      description: 'The same as the CLI\'s `competition-cancel` (`refundCompetition`). Each order is refunded once whatever happens (its key comes from the competition and the order), so a run that reported failures is simply run again. An order with lines in other competitions gets back only this competition\'s lines. The cancel and every refund are in the audit log; each customer is mailed. 404 `cgg_competition_not_found`; 409 `cgg_competition_drawn` for a drawn competition (nothing changes).',
      handler: async ({ input, staff }) => {
        const done = await refundCompetition(deps.pool, deps.gateway, {
          competitionId: input.competition_id, reason: input.reason, to: input.to, by: staffActor(staff), staffId: staff.staffId, now: deps.now(),
        }, deps.mailer);
        return {
          success: true,
          data: {
            competition_id: done.competitionId, title: done.title, refunded: done.refunded, already_refunded: done.alreadyRefunded, total: penceToPounds(done.totalPence),
            failed: done.failed.map((f) => ({ order_id: f.orderId, code: f.code, message: f.message })),
          },
        };
      },
    }),
  ];
}
