import { requestedLedger } from '@cgg/contracts/account';
import { declaredRoute, type DeclaredRoute } from '../http/declared-routes.ts';
import { routeTable } from '../http/route-table.ts';
import { penceToPounds } from '../lib/money.ts';
import type { AccountDeps } from './account-deps.ts';
import { humanTimeAgo } from './human-time.ts';

const PAGE_SIZE = 10;
const signedPounds = (pence: number): string => (pence < 0 ? `-${penceToPounds(-pence)}` : penceToPounds(pence));

/**
 * points (both ledgers) and get_coupons. `points` without paging (the spec's site-credit call) or
 * with `type: 'cred'` answers the site-credit ledger in the same shape, amounts as pound strings.
 */
export function ledgerRoutes(deps: AccountDeps): DeclaredRoute[] {
  const { pool, now } = deps;
  return [
    declaredRoute(routeTable.points, {
      summary: 'The customer\'s points balance and history.',
      description: '`type: \'cred\'` reads the site-credit ledger instead (pounds: `points` is the balance \'20.50\', each log\'s `points` a signed pound string); the points ledger answers integers. `limit` 1-100, default 10; newest first. `date_display_human` is WordPress\' human_time_diff (\'3 days ago\').',
      handler: async ({ customer: me, input }) => {
        const at = now();
        const cred = requestedLedger(input) === 'cred';
        const table = cred ? 'credit_logs' : 'points_logs';
        const amount = cred ? 'amount_pence' : 'points';
        const [balance, page] = await Promise.all([
          pool.query<{ total: string; n: number }>(`SELECT COALESCE(sum(${amount}), 0)::bigint AS total, count(*)::int AS n FROM ${table} WHERE customer_id = $1`, [
            me.customerId,
          ]),
          pool.query<{ description: string; type: string; amount: number; created_at: Date }>(
            `SELECT description, type, ${amount} AS amount, created_at FROM ${table}
             WHERE customer_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
            [me.customerId, input.offset ?? 0, input.limit ?? PAGE_SIZE],
          ),
        ]);
        const total = Number(balance.rows[0]!.total);
        return {
          success: true,
          points: cred ? signedPounds(total) : total,
          logs: page.rows.map((r) => ({
            description: r.description,
            date_display_human: humanTimeAgo(r.created_at, at),
            type: r.type,
            points: cred ? signedPounds(r.amount) : r.amount,
          })),
          totalLogs: balance.rows[0]!.n,
        };
      },
    }),

    declaredRoute(routeTable.getCoupons, {
      summary: 'The customer\'s coupons that can still be used.',
      description: 'Unused, unexpired coupons; `description` defaults to \'CGG Coupon\'; `amount` in pounds.',
      handler: async ({ customer: me }) => {
        const at = now();
        const { rows } = await pool.query<{ description: string; code: string; amount_pence: number }>(
          `SELECT description, code, amount_pence FROM coupons
           WHERE customer_id = $1 AND used_at IS NULL AND (expires_at IS NULL OR expires_at > $2)
           ORDER BY created_at DESC, id DESC`,
          [me.customerId, at],
        );
        return {
          success: true,
          data: rows.map((r) => ({ description: r.description || 'CGG Coupon', code: r.code, amount: penceToPounds(r.amount_pence) })),
        };
      },
    }),
  ];
}
