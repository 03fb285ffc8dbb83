import type pg from 'pg';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { penceToPounds } from '../lib/money.ts';
import { competitionRefunds, startCompetitionRefunds, type CompetitionRefunds } from '../payments/competition-refunds-job.ts';
import { staffActor } from './audit-log.ts';

const answer = (r: CompetitionRefunds) => ({
  success: true as const,
  data: {
    competition_id: r.competitionId, title: r.title, orders: r.orders, refunded: r.refunded, total: penceToPounds(r.totalPence), points_returned: r.pointsReturned,
    state: r.state, last_error: r.lastError, next_try_at: r.nextTryAt?.toISOString() ?? null,
  },
});

/** Admins and operators cancel a competition, refunding everyone who paid for it in the background, and watch the refunds. */
export function competitionCancelRoutes(deps: { pool: pg.Pool; now: () => Date }): DeclaredRoute[] {
  return [
    declaredRoute(routeTable.staffCancelCompetition, {
      summary: 'Cancel a competition (no more sales, no draw) and start refunding every paid order of it, to the card or to site credit.',
      description: 'The cancel is at once; the refunds are a job (`competition-refunds`, tried again with backoff while any order fails), so the answer is where they stand (`state` refunding): watch them with `staff/competition_refunds`. The CLI\'s `competition-cancel` refunds the same way and waits. Each order is refunded once whatever happens (its key comes from the competition and the order), so after the job has stopped (`state` stopped) the same call starts it again for the rest. An order with lines in other competitions gets back only this competition\'s lines. The cancel and every refund are in the audit log; each customer is mailed. 404 `cgg_competition_not_found`; 409 `cgg_competition_drawn` for a drawn competition (nothing changes).',
      handler: async ({ input, staff }) => answer(await startCompetitionRefunds(deps.pool, {
        competitionId: input.competition_id, reason: input.reason, to: input.to, by: staffActor(staff), staffId: staff.staffId, now: deps.now(),
      })),
    }),
    declaredRoute(routeTable.staffCompetitionRefunds, {
      summary: 'Where a cancelled competition\'s refunds stand: orders refunded of all, the total, and whether the job is at work, retrying, stopped or done.',
      description: '`state`: refunding (the job is at work or about to start), retrying (some orders failed: `last_error` says which and why, tried again at `next_try_at`), stopped (not all refunded and nothing will try again: call `staff/cancel_competition` again), done. 404 `cgg_competition_not_found`; 409 `cgg_competition_not_cancelled`.',
      handler: async ({ input }) => answer(await competitionRefunds(deps.pool, input.competition_id)),
    }),
  ];
}
