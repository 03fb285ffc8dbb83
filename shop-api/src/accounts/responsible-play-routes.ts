import { penceToPounds } from '../lib/money.ts';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import type { AccountDeps } from './account-deps.ts';
import { refuseWhileAssisted } from './assisted-session.ts';
import { fieldError } from './field-errors.ts';
import { inTransaction } from './queryable.ts';
import { extendedLock } from './breaks.ts';
import { evaluateHarmMarkers } from '../harm/evaluate.ts';
import {
  effectiveLimit,
  isNoLooser,
  PLAY_COLUMNS,
  RAISE_DELAY_MS,
  responsiblePlayView,
  type Limit,
  type PlayRow,
} from './responsible-play.ts';

const toPence = (pounds: string): number => {
  const [whole, frac = ''] = pounds.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};

const limitWords = (l: Limit | null): string | null => (l ? `£${penceToPounds(l.valuePence)} a ${l.duration}` : null);

/** responsible_play (read) and update_responsible_play (limit and lock). */
export function responsiblePlayRoutes(deps: AccountDeps): DeclaredRoute[] {
  const { pool, now } = deps;
  return [
    declaredRoute(routeTable.responsiblePlay, {
      summary: 'The customer\'s spending limits and lock.',
      description: '`limit_duration`/`limit_value` in force, a raise waiting its 24 hours in `pending_limit_*`, `current_spending` over the limit\'s current period, the lock and when it ends.',
      handler: async ({ customer: me }) => {
        const at = now();
        const { rows } = await pool.query<PlayRow>(`SELECT ${PLAY_COLUMNS} FROM customers WHERE id = $1`, [me.customerId]);
        return { success: true, data: await responsiblePlayView(pool, me.customerId, rows[0]!, at) };
      },
    }),

    declaredRoute(routeTable.updateResponsiblePlay, {
      summary: 'Changes spending limits (raises take effect after 24 hours) or locks the account (up to 6 months, or permanently).',
      description: 'Not in a session support opened as the customer (403 `cgg_assisted_session`). A first limit, or one no looser, applies at once; a raise, a shorter period or removal (both fields null) waits 24 hours. `lock_period`: 24h, 7d, 30d, 6m or permanent; never shortened or lifted early. 400 for half a limit, a bad amount, or nothing to change.',
      handler: async ({ customer: me, input }) => {
        // The customer's own choice (UK code 1.4-1.5); support sets a break through staff/customer_break, audited.
        refuseWhileAssisted(me);
        const at = now();
        const changesLimit = input.limit_duration !== undefined || input.limit_value !== undefined;
        let next: Limit | null = null;
        if (changesLimit) {
          const duration = input.limit_duration ?? null;
          const value = input.limit_value ?? null;
          if ((duration === null) !== (value === null)) {
            throw fieldError(duration === null ? 'limit_duration' : 'limit_value', 'Choose both a limit period (day, week or month) and an amount, or neither to remove the limit.');
          }
          next = duration && value !== null ? { duration, valuePence: toPence(value) } : null;
        }
        if (!changesLimit && !input.lock_period) throw fieldError('limit_duration', 'Nothing to change: send a limit or a lock period.');

        const row = await inTransaction(pool, async (client) => {
          const { rows } = await client.query<PlayRow & { lock_started_at: Date | null; lock_by_staff: boolean }>(
            `SELECT ${PLAY_COLUMNS}, lock_started_at, lock_by_staff FROM customers WHERE id = $1 FOR UPDATE`,
            [me.customerId],
          );
          const current = rows[0]!;
          // A pending change whose time has come is made permanent first.
          const inForce = effectiveLimit(current, at);
          let limit = inForce;
          let pending: { limit: Limit | null; from: Date } | null =
            current.pending_limit_from && current.pending_limit_from > at
              ? { limit: current.pending_limit_duration ? { duration: current.pending_limit_duration, valuePence: current.pending_limit_value_pence! } : null, from: current.pending_limit_from }
              : null;
          if (changesLimit) {
            // A raise still waiting is replaced by this change: it never applies.
            await client.query('UPDATE limit_raises SET effective_at = NULL WHERE customer_id = $1 AND effective_at > $2', [me.customerId, at]);
            if (isNoLooser(next, inForce)) {
              // Lowering (or a first limit) applies at once and cancels any raise still waiting.
              limit = next;
              pending = null;
            } else {
              // Raising or removing waits 24 hours; asking again restarts the wait.
              pending = { limit: next, from: new Date(at.getTime() + RAISE_DELAY_MS) };
              // Kept for the harm markers: repeated raises, and buying right after a limit ended.
              await client.query('INSERT INTO limit_raises (customer_id, asked_at, effective_at, from_limit, to_limit) VALUES ($1, $2, $3, $4, $5)', [
                me.customerId, at, pending.from, limitWords(inForce), limitWords(next),
              ]);
            }
          }
          // A lock can be extended, never shortened or lifted early (extendedLock); its start is kept.
          const lock = (input.lock_period && extendedLock(current, input.lock_period, at)) || null;
          const { rows: updated } = await client.query<PlayRow>(
            `UPDATE customers SET limit_duration = $2, limit_value_pence = $3, pending_limit_duration = $4,
               pending_limit_value_pence = $5, pending_limit_from = $6, locked_until = $7, lock_permanent = $8,
               locking_period = $9, updated_at = $10, lock_started_at = $11, lock_by_staff = $12
             WHERE id = $1 RETURNING ${PLAY_COLUMNS}`,
            [
              me.customerId, limit?.duration ?? null, limit?.valuePence ?? null, pending?.limit?.duration ?? null,
              pending?.limit?.valuePence ?? null, pending?.from ?? null,
              lock ? lock.locked_until : current.locked_until, lock ? lock.lock_permanent : current.lock_permanent,
              lock ? lock.locking_period : current.locking_period, at,
              lock ? lock.lock_started_at : current.lock_started_at, lock ? false : current.lock_by_staff,
            ],
          );
          return updated[0]!;
        });
        // A raise or a break may be a harm marker: looked at now, not waited for.
        deps.background.run('harm markers', () => evaluateHarmMarkers(pool, me.customerId, at));
        return { success: true, data: await responsiblePlayView(pool, me.customerId, row, at) };
      },
    }),
  ];
}
