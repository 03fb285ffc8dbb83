import type { ResponsiblePlay } from '@cgg/contracts/account';
import { londonDateOf, londonDateTime } from '@cgg/contracts';
import { londonLater, londonWhen } from '../lib/london-time.ts';
import { penceToPounds } from '../lib/money.ts';
import { WpHttpError } from '../http/wp-error.ts';
import type { Queryable } from './queryable.ts';
import { limitChoiceView } from './age-and-limit.ts';

export type LimitDuration = 'day' | 'week' | 'month';
export type LockPeriod = '24h' | '7d' | '30d' | '6m' | 'permanent';
export interface Limit {
  duration: LimitDuration;
  valuePence: number;
}

/** The responsible-play columns of a customer row. */
export interface PlayRow {
  limit_duration: LimitDuration | null;
  limit_value_pence: number | null;
  pending_limit_duration: LimitDuration | null;
  pending_limit_value_pence: number | null;
  pending_limit_from: Date | null;
  locked_until: Date | null;
  lock_permanent: boolean;
  locking_period: LockPeriod | null;
  /** UK code 1.4: the monthly limit chosen when asked (null pence with a time: "no limit"); age-and-limit.ts. */
  limit_choice_at: Date | null;
  limit_choice_pence: number | null;
}
export const PLAY_COLUMNS =
  'limit_duration, limit_value_pence, pending_limit_duration, pending_limit_value_pence, pending_limit_from, locked_until, lock_permanent, locking_period, limit_choice_at, limit_choice_pence';

/** A raised or removed limit waits this long (UK code of practice: no impulsive loosening). */
export const RAISE_DELAY_MS = 24 * 3600_000;
/** Orders that count as spending: everything not cancelled, refunded or failed; free admin wins excluded. */
export const SPENDING_STATUSES = ['pending', 'processing', 'completed'] as const;

/** The limit in force at `now`: a pending change applies once its time has come. */
export function effectiveLimit(row: PlayRow, now: Date): Limit | null {
  if (row.pending_limit_from && row.pending_limit_from <= now) {
    return row.pending_limit_duration ? { duration: row.pending_limit_duration, valuePence: row.pending_limit_value_pence! } : null;
  }
  return row.limit_duration ? { duration: row.limit_duration, valuePence: row.limit_value_pence! } : null;
}

export function isLocked(row: Pick<PlayRow, 'lock_permanent' | 'locked_until'>, now: Date): boolean {
  return row.lock_permanent || (row.locked_until !== null && row.locked_until > now);
}

/** A London calendar date ('YYYY-MM-DD') moved by whole days or months (calendar arithmetic, no clock). */
function shiftDate(date: string, days: number, months = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d + days)).toISOString().slice(0, 10);
}

/** The London date on which `now`'s period begins: today, this week's Monday, or the 1st of this month. */
function periodFirstDate(duration: LimitDuration, now: Date): string {
  const today = londonDateOf(now);
  if (duration === 'day') return today;
  if (duration === 'month') return `${today.slice(0, 8)}01`;
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return shiftDate(today, -sinceMonday);
}

/**
 * Start of the limit's current period in London: midnight today, this week (from Monday) or
 * this calendar month. By the contracts' London clock rule, not dayjs' time-zone plugin: the
 * checkout, the card cap and the harm look ask at every order, and the plugin cost a
 * millisecond a call (a tenth of the API's time at the sell-out bench).
 */
export function periodStart(duration: LimitDuration, now: Date): Date {
  return londonDateTime(periodFirstDate(duration, now));
}

/** Start of the NEXT period in London: the current period runs from periodStart up to (not including) this. */
export function periodEnd(duration: LimitDuration, now: Date): Date {
  const first = periodFirstDate(duration, now);
  return londonDateTime(duration === 'month' ? shiftDate(first, 0, 1) : shiftDate(first, duration === 'week' ? 7 : 1));
}

/**
 * Pence spent in the limit's current period (this month's when there is no limit). The whole
 * period, not only up to `now`: an order of the same customer placed by a checkout that read the
 * clock a moment later but took the customer's lock first counts all the same (as creditCardSpentPence).
 */
export async function currentSpendingPence(db: Queryable, customerId: number, limit: Limit | null, now: Date): Promise<number> {
  const duration = limit?.duration ?? 'month';
  const { rows } = await db.query<{ pence: string }>(
    `SELECT COALESCE(sum(total_pence), 0)::bigint AS pence FROM orders
     WHERE customer_id = $1 AND status = ANY($2) AND created_at >= $3 AND created_at < $4`,
    [customerId, SPENDING_STATUSES, periodStart(duration, now), periodEnd(duration, now)],
  );
  return Number(rows[0]!.pence);
}

const periodRank: Record<LimitDuration, number> = { day: 1, week: 2, month: 3 };

/**
 * True when `next` is at least as strict as `current`: no more money over a period at
 * least as long (£50 a month is stricter than £50 a week). Setting a first limit is
 * strict; removing one never is.
 */
export function isNoLooser(next: Limit | null, current: Limit | null): boolean {
  if (current === null) return true;
  if (next === null) return false;
  return next.valuePence <= current.valuePence && periodRank[next.duration] >= periodRank[current.duration];
}

/** When a break of `period` begun at `now` ends (null: closed for good). Days and months on the London clock; 24 hours are 24 hours. */
export function lockEnd(period: LockPeriod, now: Date): Date | null {
  switch (period) {
    case '24h':
      return new Date(now.getTime() + 24 * 3600_000);
    case '7d':
      return londonLater(now, 7, 'day');
    case '30d':
      return londonLater(now, 30, 'day');
    case '6m':
      return londonLater(now, 6, 'month');
    case 'permanent':
      return null;
  }
}

/** The responsible-play view of a customer (contracts `ResponsiblePlay`). */
export async function responsiblePlayView(db: Queryable, customerId: number, row: PlayRow, now: Date): Promise<ResponsiblePlay> {
  const limit = effectiveLimit(row, now);
  const pending = row.pending_limit_from && row.pending_limit_from > now;
  const locked = isLocked(row, now);
  return {
    limit_duration: limit?.duration ?? null,
    limit_value: limit ? penceToPounds(limit.valuePence) : null,
    pending_limit_duration: pending ? row.pending_limit_duration : null,
    pending_limit_value: pending && row.pending_limit_value_pence !== null ? penceToPounds(row.pending_limit_value_pence) : null,
    pending_limit_from: pending ? row.pending_limit_from!.toISOString() : null,
    current_spending: penceToPounds(await currentSpendingPence(db, customerId, limit, now)),
    lock_account: locked,
    locked_until: locked && !row.lock_permanent ? row.locked_until!.toISOString() : null,
    limit_choice: limitChoiceView(row),
  };
}

const periodWord: Record<LimitDuration, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/**
 * The checkout's gate (issue 4): throws a WordPress-shaped 403 when the customer's
 * account is locked or `amountPence` would take them over their spending limit for
 * the current period. `row`: the customer's PLAY_COLUMNS, read inside the checkout
 * transaction under the customer's row lock (lockCustomer, FOR NO KEY UPDATE), so two
 * checkouts of one customer are checked one after the other and cannot both slip
 * under the limit (the checkout reads it with the rest of the customer: one round trip).
 */
export async function assertCanSpend(client: Queryable, customerId: number, row: PlayRow | undefined, amountPence: number, now: Date): Promise<void> {
  if (!row) throw new WpHttpError(401, 'invalid_token', 'Your session has expired. Please log in again.');
  if (isLocked(row, now)) {
    throw new WpHttpError(
      403,
      'cgg_account_locked',
      row.lock_permanent
        ? 'Your account is permanently locked, so you cannot buy tickets.'
        : `Your account is locked until ${londonWhen(row.locked_until!)}, so you cannot buy tickets until then.`,
    );
  }
  const limit = effectiveLimit(row, now);
  if (!limit) return;
  const spent = await currentSpendingPence(client, customerId, limit, now);
  if (spent + amountPence > limit.valuePence) {
    const left = Math.max(0, limit.valuePence - spent);
    throw new WpHttpError(
      403,
      'cgg_spending_limit_reached',
      `This order would take you over your ${periodWord[limit.duration]} spending limit of £${penceToPounds(limit.valuePence)}. ` +
        `You can spend £${penceToPounds(left)} more in this period.`,
      { limit: penceToPounds(limit.valuePence), spent: penceToPounds(spent) },
    );
  }
}
