import type pg from 'pg';
import { startStaffBreak } from '../accounts/breaks.ts';
import { inTransaction } from '../accounts/queryable.ts';
import { closeFlag, openFlags } from '../harm/review-queue.ts';
import { readThresholds, thresholdChanges, thresholdsView, type Thresholds } from '../harm/harm-settings.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { WpHttpError } from '../http/wp-error.ts';
import { recordStaffAction, staffActor } from './audit-log.ts';
import { refuseIfChangedMeanwhile } from './changed-meanwhile.ts';
import { customerProfile } from './customer-lookup.ts';

const badField = (field: string, message: string) => new WpHttpError(400, 'rest_invalid_param', message, { params: { [field]: message } });

/** Breaks and harm markers for staff (UK code 1.5 to 1.8): support's break, the review queue, and the rules' thresholds. */
export function reviewRoutes(deps: { pool: pg.Pool; now: () => Date }): DeclaredRoute[] {
  const { pool, now } = deps;
  return [
    declaredRoute(routeTable.staffCustomerBreak, {
      summary: 'Starts a break (24h, 7d, 30d, 6m) or closes the account permanently for the customer, at once, with a reason. Audited.',
      description: 'The same lock as the customer\'s own break: their next checkout is refused (403 `cgg_account_locked`). It lengthens a break in force, never shortens it: 409 `cgg_break_not_longer` changes nothing. 404 `cgg_customer_not_found`.',
      handler: async ({ input, staff }) => {
        await startStaffBreak(pool, { customerId: input.customer_id, period: input.period, reason: input.reason, staffId: staff.staffId, actor: staffActor(staff), at: now() });
        return { success: true, data: (await customerProfile(pool, input.customer_id))! };
      },
    }),

    declaredRoute(routeTable.staffReviews, {
      summary: 'The review queue: customers flagged by the harm markers, one flag per rule, newest first, with what set each off.',
      handler: async () => ({ success: true, data: await openFlags(pool) }),
    }),

    declaredRoute(routeTable.staffReviewClose, {
      summary: 'Records what staff did about a flag (contacted, limit suggested, break applied, no action) with a note, closing it. Audited. Answers the queue.',
      description: '404 `cgg_flag_not_found`; 409 `cgg_flag_closed` when someone already closed it.',
      handler: async ({ input, staff }) => {
        const at = now();
        await inTransaction(pool, async (client) => {
          const flag = await closeFlag(client, { flagId: input.flag_id, action: input.action, note: input.note, staffId: staff.staffId, at });
          await recordStaffAction(client, {
            staffId: staff.staffId, actor: staffActor(staff), action: 'review.close', subject: `customer #${flag.customer_id}`,
            before: { flag: input.flag_id, rule: flag.rule, figures: flag.figures }, after: { action: input.action, note: input.note }, at,
          });
        });
        return { success: true, data: await openFlags(pool) };
      },
    }),

    declaredRoute(routeTable.staffHarmSettings, {
      summary: 'Admins: the harm markers\' thresholds.',
      handler: async () => ({ success: true, data: thresholdsView(await readThresholds(pool)) }),
    }),

    declaredRoute(routeTable.staffHarmSettingsUpdate, {
      summary: 'Admins change the harm markers\' thresholds (any of them); audited with the values before and after.',
      description: '400 naming the field for a value out of range, or late-night hours that leave no window (from must be before to). With `base` (the fields sent, as the editor loaded them), 409 `cgg_changed_meanwhile` and nothing written when one of them changed meanwhile. The next evaluation uses them.',
      handler: async ({ input, staff }) => {
        const changes = thresholdChanges(input);
        const at = now();
        const after = await inTransaction(pool, async (client) => {
          const before = await readThresholds(client, true);
          refuseIfChangedMeanwhile(thresholdsView(before), input.base);
          const next: Thresholds = { ...before, ...changes };
          if (next.late_night_from_hour >= next.late_night_to_hour) {
            throw badField(input.late_night_to_hour !== undefined ? 'late_night_to_hour' : 'late_night_from_hour', 'The late-night window must end after it starts (e.g. from 0 to 5).');
          }
          const names = Object.keys(changes) as Array<keyof Thresholds>;
          if (names.length === 0) return before;
          await client.query(`UPDATE harm_marker_settings SET ${names.map((n, i) => `${n} = $${i + 1}`).join(', ')} WHERE id`, names.map((n) => changes[n]));
          await recordStaffAction(client, {
            staffId: staff.staffId, actor: staffActor(staff), action: 'harm-settings.update', subject: 'harm-marker thresholds',
            before: Object.fromEntries(names.map((n) => [n, before[n]])), after: Object.fromEntries(names.map((n) => [n, next[n]])), at,
          });
          return next;
        });
        return { success: true, data: thresholdsView(after) };
      },
    }),
  ];
}
